package lab.threads.report.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import lab.threads.run.RunFolder;
import lab.threads.run.TasksRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real run's tasks.json, as the lab wrote it while its metadata was a map of named keys: {@code ./lab tasks
 * --tasks-scale=0.001 --repeats=2} (commit 12344ad, 2 cores, 2026-11-29). It reads through {@link TasksRecord} and
 * writes back as it was.
 */
class RecordedTasksTest {

    @TempDir
    Path runDir;

    private static Path recorded() throws URISyntaxException {
        return Path.of(RecordedTasksTest.class
                .getResource("/recorded/tasks-scale-0.001")
                .toURI());
    }

    @Test
    void theMetadataReadsIntoItsRecord() throws Exception {
        TasksRecord metadata = TasksReport.read(recorded()).metadata();

        assertEquals("2026-11-29T06:11:02Z", metadata.machine().date());
        assertEquals(2, metadata.machine().cores());
        assertEquals(23.5, metadata.machine().memoryGiB());
        assertEquals("8.73 3.88 3.07 (1, 5, 15 min, at the start)", metadata.load());
        assertEquals(2, metadata.repeats());
        assertEquals(List.of("000", "001", "003"), metadata.seeds());
        assertEquals(List.of("pool", "thread", "virtual"), metadata.models());
        assertEquals(9, metadata.tasks().size());
        assertEquals("001 virtual=1000", metadata.tasks().get(5));
    }

    @Test
    void writtenBackTheFileIsAsRecordedByteForByte() throws Exception {
        TasksReport.read(recorded()).write(runDir);

        assertEquals(
                Files.readString(recorded().resolve(RunFolder.TASKS_FILE)),
                Files.readString(runDir.resolve(RunFolder.TASKS_FILE)));
    }

    @Test
    void thePageSaysWhereItRanAsItsRecordedTasksMdDid() throws Exception {
        assertEquals(
                List.of(
                        "date: 2026-11-29T06:11:02Z",
                        "command: ./lab tasks --tasks-scale=0.001 --repeats=2 --out=/tmp/records-fixture",
                        "gitRevision: 12344ade4578",
                        "jdk: 25.0.3+9-LTS (Eclipse Adoptium)",
                        "os: Linux 6.18.44-fc-v657 amd64",
                        "cores: 2",
                        "memoryGiB: 23.5",
                        "load: 8.73 3.88 3.07 (1, 5, 15 min, at the start)",
                        "jvmFlags: --sun-misc-unsafe-memory-access=allow --enable-native-access=ALL-UNNAMED (and the"
                                + " seed's heap flag)",
                        "repeats: 2"),
                TasksPage.of(TasksReport.read(recorded())).ranWhere());
    }
}

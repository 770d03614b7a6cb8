package lab.threads.report.tasks;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import lab.threads.run.AtomicFile;
import lab.threads.run.RunFolder;
import lab.threads.run.TasksRecord;
import lab.threads.tasks.ServerCost;
import lab.threads.tasks.TaskModel;
import lab.threads.tasks.TaskSeed;

/** A {@code ./lab tasks} run: what ran where, each (seed, model) with its repeats, and the servers' costs. */
public record TasksReport(TasksRecord metadata, List<TaskCase> cases, List<ServerCost> serverCosts) {

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** The cases of one seed, in the order they were given. */
    public List<TaskCase> cases(TaskSeed seed) {
        return cases.stream().filter(c -> c.seed().equals(seed.id())).toList();
    }

    public Optional<TaskCase> find(String seed, String model) {
        return cases.stream()
                .filter(c -> c.seed().equals(seed) && c.model().equals(model))
                .findFirst();
    }

    public boolean allCompleted() {
        return cases.stream().allMatch(TaskCase::allCompleted);
    }

    /** The same runs with every case's figures computed again (by this version of the lab: ./lab report). */
    public TasksReport recomputed() {
        List<TaskCase> again = cases.stream()
                .map(c -> TaskCase.of(TaskSeed.of(c.seed()), TaskModel.of(c.model()), c.runs()))
                .toList();
        return new TasksReport(metadata, again, serverCosts);
    }

    /** Writes tasks.json, tasks.md and index.html into the run's folder. @return the page */
    public Path write(Path runDir) throws IOException {
        AtomicFile.write(runDir.resolve(RunFolder.TASKS_FILE), JSON.writeValueAsString(this));
        return TasksPage.of(this).write(runDir, RunFolder.TASKS_MARKDOWN_FILE);
    }

    public static TasksReport read(Path runDir) throws IOException {
        return JSON.readValue(runDir.resolve(RunFolder.TASKS_FILE).toFile(), TasksReport.class);
    }
}

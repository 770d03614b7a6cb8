package lab.threads.run;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;

/**
 * What {@code ./lab tasks} recorded of its run before the first fork: the {@code metadata} of its tasks.json. Jackson
 * writes and reads it as one flat object, the machine's keys first ({@link JsonUnwrapped}), a missing one left out; an
 * older file still reads, unknown keys ignored, missing ones null.
 *
 * @param load     the machine's load averages at the start, in words: how busy it was before the forks added to it
 * @param jvmFlags each fork's JVM flags, in words
 * @param repeats  forks of each (seed, model)
 * @param seeds    the seeds as given ({@code --seeds})
 * @param models   the executors as given ({@code --models})
 * @param tasks    each (seed, model)'s tasks, after its scale: "003 virtual=10000"
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record TasksRecord(
        @JsonUnwrapped RunRecord.Machine machine,
        String load,
        String jvmFlags,
        Integer repeats,
        List<String> seeds,
        List<String> models,
        List<String> tasks) {}

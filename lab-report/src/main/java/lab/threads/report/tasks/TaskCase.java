package lab.threads.report.tasks;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import lab.threads.report.runs.Spread;
import lab.threads.tasks.TaskModel;
import lab.threads.tasks.TaskRun;
import lab.threads.tasks.TaskSeed;

/**
 * One (seed, model): its repeats and each figure's median and range over them (forks that printed no result left out).
 *
 * @param label   the model in the seed's words ("cached pool", "fixed pool of 7,500", ...)
 * @param figures by {@link TaskFigure#key()}
 */
public record TaskCase(
        String seed, String model, String label, List<TaskRun> runs, int completedRuns, Map<String, Spread> figures) {

    public static TaskCase of(TaskSeed seed, TaskModel model, List<TaskRun> runs) {
        Map<String, Spread> figures = new LinkedHashMap<>();
        Arrays.stream(TaskFigure.values())
                .forEach(figure -> figures.put(
                        figure.key(), Spread.of(runs.stream().map(figure::read).toList())));
        int completed = (int) runs.stream().filter(TaskRun::allCompleted).count();
        return new TaskCase(seed.id(), model.id(), seed.label(model), List.copyOf(runs), completed, figures);
    }

    public Spread figure(TaskFigure figure) {
        return figures.getOrDefault(figure.key(), Spread.of(List.of()));
    }

    public boolean allCompleted() {
        return !runs.isEmpty() && completedRuns == runs.size();
    }

    /** The fewest tasks any repeat completed, and the threads the executor could not get, summed over repeats. */
    public long fewestCompleted() {
        return runs.stream()
                .mapToLong(run -> run.outcome() == null ? 0 : run.outcome().completed())
                .min()
                .orElse(0);
    }

    public long failedToStart() {
        return runs.stream()
                .mapToLong(run -> run.outcome() == null ? 0 : run.outcome().failedToStart())
                .sum();
    }
}

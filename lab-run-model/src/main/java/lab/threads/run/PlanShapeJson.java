package lab.threads.run;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.util.StdConverter;
import java.util.List;

/**
 * A {@link PlanShape} as summary.json holds it: one flat object whatever the model, a 0 for each number the model
 * lacks, and the ideal's figures for readers. Written this way since before the shapes were types, so every run folder
 * reads back alike; the ideal's figures are worked out again when read, never taken from the file.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
record PlanShapeJson(
        int users,
        double rampUpSeconds,
        int loops,
        long sleepMs,
        int arrivalsPerSecond,
        long durationSeconds,
        @JsonInclude(JsonInclude.Include.NON_NULL) String how,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) int poolSize,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<PlanShape.Stage> stages,
        @JsonInclude(JsonInclude.Include.NON_NULL) PlanShape.StagedIdeal stagedIdeal,
        boolean open,
        boolean throughput,
        long idealSamples,
        double idealDurationSeconds,
        double idealThroughput) {

    static PlanShapeJson of(PlanShape shape) {
        PlanShape.Wait waits = shape.waits();
        Flat flat = switch (shape) {
            case PlanShape.Closed closed -> new Flat(closed.users(), closed.rampUpSeconds(), closed.loops(), 0, 0);
            case PlanShape.Open open ->
                new Flat(0, open.rampUpSeconds(), 1, open.arrivalsPerSecond(), open.durationSeconds());
            case PlanShape.Throughput throughput ->
                new Flat(throughput.connections(), 0, 0, 0, throughput.durationSeconds());
            case PlanShape.Staged staged -> new Flat(staged.users(), staged.rampUpSeconds(), 0, 0, staged.endSecond());
        };
        return new PlanShapeJson(
                flat.users,
                flat.rampUpSeconds,
                flat.loops,
                waits.sleepMs(),
                flat.arrivalsPerSecond,
                flat.durationSeconds,
                waits.how(),
                waits.poolSize(),
                shape instanceof PlanShape.Staged staged ? staged.stages() : List.of(),
                shape instanceof PlanShape.Staged staged ? staged.ideal() : null,
                shape instanceof PlanShape.Open,
                shape instanceof PlanShape.Throughput,
                shape.idealSamples(),
                shape.idealDurationSeconds(),
                shape.idealThroughput());
    }

    /** The shape whose numbers these are: arrivals make it open, stages staged, no loops a throughput plan. */
    PlanShape shape() {
        PlanShape.Wait waits = new PlanShape.Wait(sleepMs, how, poolSize);
        if (arrivalsPerSecond > 0) {
            return new PlanShape.Open(arrivalsPerSecond, rampUpSeconds, durationSeconds, waits);
        }
        if (stages != null && !stages.isEmpty()) {
            return new PlanShape.Staged(stages, rampUpSeconds, stagedIdeal, waits);
        }
        return loops == 0
                ? new PlanShape.Throughput(users, durationSeconds, waits)
                : new PlanShape.Closed(users, rampUpSeconds, loops, waits);
    }

    /** The numbers of one model, in the flat form's columns. */
    private record Flat(int users, double rampUpSeconds, int loops, int arrivalsPerSecond, long durationSeconds) {}

    static final class FromShape extends StdConverter<PlanShape, PlanShapeJson> {
        @Override
        public PlanShapeJson convert(PlanShape shape) {
            return of(shape);
        }
    }

    static final class ToShape extends StdConverter<PlanShapeJson, PlanShape> {
        @Override
        public PlanShape convert(PlanShapeJson json) {
            return json.shape();
        }
    }
}

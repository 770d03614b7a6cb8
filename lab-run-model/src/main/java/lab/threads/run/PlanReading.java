package lab.threads.run;

import java.util.List;
import lab.threads.model.plan.LoadPlan;
import lab.threads.model.plan.PlanKey;
import lab.threads.model.plan.PlanModel;
import lab.threads.model.plan.UserGroups;

/** A {@link LoadPlan}'s keys read as its {@link PlanShape}: each number already in its range and its model's. */
record PlanReading(LoadPlan plan) {

    PlanShape shape() {
        PlanShape.Wait waits =
                new PlanShape.Wait(required(PlanKey.SLEEP_MS), plan.how().id(), plan.poolSize());
        if (plan.model() == PlanModel.CONNECTIONS) {
            // With a rate, arrivals at it and no ramp: the open model's ideal and schedule checks apply as they are.
            return required(PlanKey.RATE) > 0
                    ? new PlanShape.Open(count(PlanKey.RATE), 0, required(PlanKey.DURATION), waits)
                    : new PlanShape.Throughput(count(PlanKey.CONNECTIONS), required(PlanKey.DURATION), waits);
        }
        List<UserGroups.Group> groups = UserGroups.of(plan);
        if (!groups.isEmpty()) {
            return PlanShape.Staged.of(groups, required(PlanKey.RAMPUP), waits);
        }
        if (plan.model() == PlanModel.OPEN) {
            return new PlanShape.Open(count(PlanKey.RATE), required(PlanKey.RAMPUP), required(PlanKey.DURATION), waits);
        }
        return new PlanShape.Closed(count(PlanKey.USERS), required(PlanKey.RAMPUP), count(PlanKey.LOOPS), waits);
    }

    private int count(PlanKey key) {
        return Math.toIntExact(required(key));
    }

    private long required(PlanKey key) {
        if (!plan.has(key)) {
            String model = plan.model() == PlanModel.OPEN ? "open" : "closed";
            throw new IllegalArgumentException("The " + model + " plan '" + plan.name() + "' has no '" + key.property()
                    + "' property: the runner needs ${__P(" + key.property() + ",...)} in it (as in jmeter-plans/"
                    + (plan.model() == PlanModel.OPEN ? "open" : "talk") + ".jmx) to work out its ideal.");
        }
        return plan.get(key, 0);
    }
}

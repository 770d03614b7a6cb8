package lab.threads.hyperfoil.fork;

import lab.threads.client.ChosenClient;
import lab.threads.client.ClientProgram;
import lab.threads.client.LoadClient;

/** Hyperfoil as the runner's client: {@code --client hyperfoil}, for the throughput plan. */
public final class HyperfoilProgram implements ClientProgram {

    @Override
    public LoadClient client() {
        return LoadClient.HYPERFOIL;
    }

    @Override
    public ChosenClient choose(String name) {
        return new HyperfoilClient();
    }
}

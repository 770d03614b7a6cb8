package lab.threads.common;

import java.util.Map;

/** A finished HTTP answer: status, JSON body and any extra headers. Framework adapters only copy it out. */
public record Reply(int status, String json, Map<String, String> headers) implements Outcome {

    public Reply(int status, String json) {
        this(status, json, Map.of());
    }
}

package lab.threads.tasks;

/**
 * An HTTP server's CPU per request, as the lab measured it (cpu-per-request.json), beside the executor model that
 * server runs its requests on.
 *
 * @param model the {@code TaskModel} id its requests run on ({@code thread}, {@code pool}, {@code virtual}); null when
 *              no model of ./lab tasks matches (async: no thread per request; the fixed pool of 200)
 * @param from  where the figure was measured, in words
 */
public record ServerCost(String server, String model, double msPerRequest, String from) {

    /** The model of ./lab tasks each server's requests run on, as its Variant says; null when none matches. */
    public static String modelOf(String server) {
        return switch (server) {
            case "server-platform" -> "thread";
            case "server-pool" -> "pool";
            case "server-virtual", "server-undertow-virtual" -> "virtual";
            default -> null;
        };
    }
}

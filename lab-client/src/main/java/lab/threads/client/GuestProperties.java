package lab.threads.client;

/**
 * What a load against a guest (a service the lab did not write) carries among its {@link LoadRequest#properties()}
 * besides the plan's keys, for each client's fork to apply to its requests: the path and query to send as given,
 * in place of the lab's {@code /sleep?ms=}, the scheme, and the answer that counts as a success. A load against one of
 * the lab's servers carries none of them.
 */
public final class GuestProperties {
    /** The guest's path and query, sent as given: no {@code ?ms=}, no request id. */
    public static final String PATH = "guest_path";
    /** {@code http} or {@code https}. */
    public static final String PROTOCOL = "guest_protocol";
    /** The status of a successful answer, which alone decides (not the client's own rule, below 400). */
    public static final String EXPECT_STATUS = "expect_status";
    /** A substring a successful answer's body holds; absent when any body will do. */
    public static final String EXPECT_BODY = "expect_body";

    private GuestProperties() {}
}

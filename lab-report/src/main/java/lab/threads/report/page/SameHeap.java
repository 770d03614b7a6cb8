package lab.threads.report.page;

import lab.threads.run.RunRecord;

/**
 * Under the summary table: that every server ran with the same heap flags, and why the table shows memory per request
 * rather than peak RSS. A JVM's resident set grows with the heap its flags let it take, so a peak ranks the servers by
 * their collectors' habits; the flags are named, from the run's metadata, so a reader can tell a run with other ones.
 */
final class SameHeap {

    /** The runner's default {@code --server-jvm-args}, for a run whose metadata names none. */
    static final String LAB_DEFAULT = "-Xms1g -Xmx2g";

    private SameHeap() {}

    static String sentence(RunRecord metadata) {
        String given = metadata.jvms().serverJvmFlags();
        String flags = given != null && !given.isBlank()
                ? given
                : LAB_DEFAULT + " (the lab's default; this run's metadata does not name its flags)";
        return "Every server the lab started ran with the same JVM flags, " + flags + ". \"memory per request KB\" is "
                + "what a request in flight cost the server: on a hold plan the resident set's growth per held request "
                + "over its plateaus, read after forced collections; on any other, the growth over the idle server, at "
                + "the second of most requests in flight, of the live heap after the JVM's own collections plus the "
                + "resident set outside the heap (the platform threads' stacks among it), per request in flight. Peak "
                + "RSS, among the more columns, is how far each JVM grew its heap under those flags, not what a request "
                + "costs.";
    }
}

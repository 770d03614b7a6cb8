package lab.threads.run;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import lab.threads.model.client.LoadClient;

/**
 * What the runner recorded of a run before its load, so a reader can trust or reproduce it: the {@code metadata} of its
 * run.json, repeated by summary.json and sweep.json. Jackson writes and reads it: a key is a component's name, in one
 * flat object ({@link JsonUnwrapped} parts), a missing one left out. An older run still reads: unknown keys are
 * ignored, renamed ones read by their old name ({@link JsonAlias}), new ones null.
 *
 * @param serverJdkVersions each server's JDK as its /stats said it, "not read" when it never answered; added as each
 *     turn ends
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record RunRecord(
        @JsonUnwrapped Machine machine,
        @JsonUnwrapped Limits limits,
        @JsonUnwrapped Load load,
        @JsonUnwrapped Turns turns,
        @JsonUnwrapped Jvms jvms,
        @JsonUnwrapped Backends backends,
        Map<String, String> serverJdkVersions) {

    /** A run that recorded nothing: a summary.json written by hand, or cut before its metadata. */
    public static final RunRecord NONE = machineAlone(new Machine(null, null, null, null, null, null, null));

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * When, which command, which code, on which JDK and machine: what every kind of run records first.
     *
     * @param date        when the run started, ISO-8601 in UTC to the second
     * @param command     the command as typed
     * @param gitRevision the commit that ran, "-dirty" when the work tree had changes
     * @param memoryGiB   the machine's memory; null where the JVM cannot read it
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Machine(
            String date, String command, String gitRevision, String jdk, String os, Integer cores, Double memoryGiB) {

        /** The same machine without when the run started and the command as typed: they differ between any two. */
        Machine setup() {
            return new Machine(null, null, gitRevision, jdk, os, cores, memoryGiB);
        }
    }

    /**
     * What the run had of the machine.
     *
     * @param cpus           its cores, shared or split between the server and the client ({@code --cpus}), in words
     * @param openFilesLimit the open files a process may hold; null where it cannot be read
     * @param somaxconn      the kernel's cap on a listen queue; null where it cannot be read
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Limits(String cpus, Integer openFilesLimit, Integer somaxconn) {}

    /**
     * The plan, and the client that sent it.
     *
     * @param planProperties the plan's properties as given to the client: the case's own in a sweep
     * @param loadClient the client's id ({@link LoadClient#id()}); null in a run from before it was recorded
     * @param client the client in words; a run from before {@code loadClient} is known by them
     * @param workers the machines that ran its users, or where they ran without any
     * @param clientProcesses how many processes sent the load, "auto" when the runner chose
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Load(
            String plan,
            String planFile,
            Map<String, String> planProperties,
            String loadClient,
            String client,
            @JsonAlias("jmeterWorkers") String workers,
            @JsonAlias("jmeterWorkerRmi") String workerAccess,
            String clientProcesses) {

        /** The client that sent the load: by its id, by its words in an older run, JMeter in a run before either. */
        public LoadClient sender() {
            return LoadClient.of(loadClient, client);
        }
    }

    /**
     * Who took turns under the load, over which cases.
     *
     * @param guests the services the lab did not write; null in a run of the lab's own servers
     * @param sweep the run's {@code --sweep}, "property=level,level"; null in a run of one level
     * @param warmupUsers the users of the unrecorded warm-up before each turn, 0 for none
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Turns(List<String> servers, List<Guest> guests, String sweep, Integer repeats, Integer warmupUsers) {}

    /**
     * A guest, a service the lab did not write, as the run was told of it.
     *
     * @param serviceMs its own time for a request ({@code --service-ms}), or the words that it was not given
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Guest(String name, String url, String process, String expected, String serviceMs) {}

    /**
     * How the JVMs were started.
     *
     * @param serverSettings the servers' settings mode, and whose settings a {@code --target} server kept
     * @param profile what was recorded of each JVM, or "off"
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Jvms(
            String serverJvmFlags,
            String clientJvmFlags,
            String serverJdk,
            String serverSettings,
            String serverFlags,
            String profile) {}

    /** What the servers' waits went through, when the runner started it; each null without one. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Backends(String databaseVersion, Map<String, String> databaseSettings, String downstream) {

        /** A run whose waits went through nothing the runner started. */
        public static final Backends NONE = new Backends(null, null, null);
    }

    /** The machine alone: what a measurement other than {@code ./lab run} records first, before its own keys. */
    public static RunRecord machineAlone(Machine machine) {
        return new RunRecord(
                machine,
                new Limits(null, null, null),
                new Load(null, null, null, null, null, null, null, null),
                new Turns(null, null, null, null, null),
                new Jvms(null, null, null, null, null, null),
                Backends.NONE,
                null);
    }

    /** The same record with a case's own plan properties (a sweep's level of its key). */
    public RunRecord withPlanProperties(Map<String, String> properties) {
        Load own = new Load(
                load.plan,
                load.planFile,
                properties,
                load.loadClient,
                load.client,
                load.workers,
                load.workerAccess,
                load.clientProcesses);
        return new RunRecord(machine, limits, own, turns, jvms, backends, serverJdkVersions);
    }

    /** The same record with each server's JDK as its process said it. */
    public RunRecord withServerJdkVersions(Map<String, String> versions) {
        return new RunRecord(machine, limits, load, turns, jvms, backends, versions);
    }

    /** How the run was set up, to compare with another's: without its start and command, which always differ. */
    public RunRecord setup() {
        return new RunRecord(machine.setup(), limits, load, turns, jvms, backends, serverJdkVersions);
    }

    /** Each key as the file has it, in its order, with its value: a nested one as a map or a list. */
    public Map<String, Object> entries() {
        return JSON.convertValue(this, new TypeReference<LinkedHashMap<String, Object>>() {});
    }

    /** The record in a run folder's run.json (or summary.json, sweep.json); empty when missing, unreadable or none. */
    public static Optional<RunRecord> in(Path file) {
        try {
            var metadata = JSON.readTree(file.toFile()).get("metadata");
            return metadata == null || !metadata.isObject()
                    ? Optional.empty()
                    : Optional.of(JSON.treeToValue(metadata, RunRecord.class));
        } catch (IOException unreadable) {
            return Optional.empty();
        }
    }
}

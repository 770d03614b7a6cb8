package lab.threads.run;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;

/**
 * What {@code ./lab pinning} recorded of its run before the first probe: the {@code metadata} of its pinning.json, each
 * probe's own figures beside it ({@link PinningProbe}). Jackson writes and reads it as one flat object, the machine's
 * keys first ({@link JsonUnwrapped}), a missing one left out; an older file still reads, unknown keys ignored, missing
 * ones null.
 *
 * @param load       the machine's load averages at the start, in words: how busy it was before the probes added to it
 * @param serverJdks the servers' JDKs as given ({@code --server-jdk})
 * @param requests   requests sent at once in each probe
 * @param waitMs     each request's wait
 * @param deadlineMs how long a probe waited for its answers
 * @param client     the probes' client, in words
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record PinningRecord(
        @JsonUnwrapped RunRecord.Machine machine,
        String load,
        List<String> serverJdks,
        Integer requests,
        Long waitMs,
        Long deadlineMs,
        String client) {}

package lab.threads.jmeter;

import java.util.Map;
import lab.threads.client.GuestProperties;
import org.apache.jmeter.assertions.ResponseAssertion;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerBase;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jorphan.collections.HashTree;

/**
 * Points a plan's HTTP requests at a guest when the run gives its path ({@link GuestProperties#PATH}): each sampler
 * sends it as given and gets JMeter's response assertions, so the status asked ({@link GuestProperties#EXPECT_STATUS})
 * and any body substring ({@link GuestProperties#EXPECT_BODY}) decide success, and a failure says why. The .jmx on disk
 * stays as it is.
 */
final class GuestSamplers {

    private GuestSamplers() {}

    /** @return the samplers pointed at the guest; 0 when the properties name none */
    static int apply(HashTree tree, Map<String, String> properties) {
        String path = properties.get(GuestProperties.PATH);
        return path == null ? 0 : apply(tree, path, properties);
    }

    private static int apply(HashTree tree, String path, Map<String, String> properties) {
        int samplers = 0;
        for (Object element : tree.list()) {
            HashTree children = tree.getTree(element);
            if (element instanceof HTTPSamplerBase sampler) {
                sampler.setPath(path);
                sampler.setProtocol(properties.getOrDefault(GuestProperties.PROTOCOL, "http"));
                sampler.setName(sampler.getMethod() + " " + path);
                children.add(statusAssertion(properties.getOrDefault(GuestProperties.EXPECT_STATUS, "200")));
                String body = properties.get(GuestProperties.EXPECT_BODY);
                if (body != null && !body.isEmpty()) {
                    children.add(bodyAssertion(body));
                }
                samplers++;
            }
            samplers += apply(children, path, properties);
        }
        return samplers;
    }

    /** The status alone decides: JMeter's own rule (below 400 is success) is set aside, as its "Ignore status". */
    private static TestElement statusAssertion(String status) {
        ResponseAssertion assertion = new ResponseAssertion();
        assertion.setName("expect status " + status);
        assertion.setTestFieldResponseCode();
        assertion.setToEqualsType();
        assertion.addTestString(status);
        assertion.setAssumeSuccess(true);
        return assertion;
    }

    private static TestElement bodyAssertion(String body) {
        ResponseAssertion assertion = new ResponseAssertion();
        assertion.setName("expect body");
        assertion.setTestFieldResponseData();
        assertion.setToSubstringType();
        assertion.addTestString(body);
        return assertion;
    }
}

package lab.threads.runner.machine;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import lab.threads.model.plan.PlanKey;

/**
 * {@code --source-address}, the plans' {@code source_address}: the local address each user binds its connection to.
 * Every address of 127.0.0.0/8 is loopback with a port range of its own, so {@code per-user} (the default) spares every
 * connect a range crowded by the others' (docs/results.md, "a stock machine").
 *
 * @param value {@code per-user}, {@code system} (the kernel picks, as JMeter does by default) or one IP address
 */
public record SourceAddress(String value) {
    public static final String PLAN_PROPERTY = PlanKey.SOURCE_ADDRESS.property();
    public static final String PER_USER = "per-user";
    static final String SYSTEM = "system";
    /**
     * What the plans evaluate under {@code per-user}: 127.n for user n (read as inet_aton does), up to 16,777,214
     * users.
     */
    static final String PER_USER_EXPRESSION = "127.${__threadNum}";

    /** @throws IllegalArgumentException for anything but per-user, system or an IP address, saying which it takes */
    public static SourceAddress parse(String value) {
        String given = value.strip();
        if (!given.equals(PER_USER) && !given.equals(SYSTEM)) {
            try {
                InetAddress.ofLiteral(given);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--source-address (plan property " + PLAN_PROPERTY + ") takes "
                        + PER_USER + ", " + SYSTEM + " or an IP address of this machine, got '" + value + "'.");
            }
        }
        return new SourceAddress(given);
    }

    /** Whether the users against {@code host} each bind an address of their own. */
    public boolean perUserTowards(String host) {
        return value.equals(PER_USER) && loopbackV4(host);
    }

    /** The plan property's value for the load against {@code host}: empty means the kernel picks. */
    public String propertyTowards(String host) {
        if (value.equals(PER_USER)) {
            return loopbackV4(host) ? PER_USER_EXPRESSION : "";
        }
        return value.equals(SYSTEM) ? "" : value;
    }

    /** 127.x only: a 127.x source cannot reach another host, nor ::1. */
    private static boolean loopbackV4(String host) {
        try {
            InetAddress address = InetAddress.getByName(host);
            return address instanceof Inet4Address && address.isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }
}

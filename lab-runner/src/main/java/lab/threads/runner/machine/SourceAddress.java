package lab.threads.runner.machine;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import lab.threads.model.plan.PlanKey;

/**
 * {@code --source-address}, the bundled plans' property {@code source_address}: the local address each JMeter user
 * binds its connection to. Each source address has a local port range of its own, and on Linux every address of
 * 127.0.0.0/8 is loopback, so against a server on loopback {@code per-user} (the default) gives every user an address
 * of its own, and no connect searches a range crowded by the other users' connections (Linux's default 28,232 ports
 * against the talk plan's 20,000 connections: docs/results.md, "a stock machine"). The request's bytes stay the same:
 * the source address is not in them.
 *
 * @param value {@code per-user}, {@code system} (the kernel picks, as JMeter does by default) or one IP address
 */
public record SourceAddress(String value) {
    public static final String PLAN_PROPERTY = PlanKey.SOURCE_ADDRESS.property();
    public static final String PER_USER = "per-user";
    static final String SYSTEM = "system";
    /**
     * What the plans evaluate for each request under {@code per-user}: 127.n for the user numbered n in its group
     * (Java reads {@code 127.20000} as 127.0.78.32, as inet_aton does), so up to 16,777,214 users each get one.
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

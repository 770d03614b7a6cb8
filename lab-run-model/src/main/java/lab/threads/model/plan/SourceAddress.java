package lab.threads.model.plan;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * {@code --source-address}, the plans' {@link PlanKey#SOURCE_ADDRESS}: the local address each user binds its connection
 * to. Every address of 127.0.0.0/8 is loopback with a port range of its own, so {@link Choice#PER_USER} (the default)
 * spares every connect a range crowded by the others' (docs/results.md, "a stock machine").
 */
public sealed interface SourceAddress {

    /** The word {@code --source-address} takes for it, as run.json records it. */
    String word();

    /**
     * Aimed at a server on {@code host}: per-user stays per-user only towards 127.x, since a 127.x source reaches
     * neither another host nor ::1; there the kernel picks.
     */
    default SourceAddress towards(String host) {
        return this == Choice.PER_USER && !loopbackV4(host) ? Choice.SYSTEM : this;
    }

    /** The choices that are words: {@code per-user}, {@code system}. */
    enum Choice implements SourceAddress {
        /** User n binds 127.n (read as inet_aton does), up to 16,777,214 users. */
        PER_USER,
        /** The kernel picks, as JMeter does by default. */
        SYSTEM;

        @Override
        public String word() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /** One IP address of this machine, every user's, as given. */
    record Ip(String word) implements SourceAddress {
        /** @throws IllegalArgumentException when {@code word} is no IP address literal */
        public Ip {
            InetAddress.ofLiteral(word);
        }
    }

    /** @throws IllegalArgumentException for anything but per-user, system or an IP address, saying which it takes */
    static SourceAddress parse(String value) {
        String given = value.strip();
        for (Choice choice : Choice.values()) {
            if (choice.word().equals(given)) {
                return choice;
            }
        }
        try {
            return new Ip(given);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(PlanKey.SOURCE_ADDRESS.flag() + " (plan property "
                    + PlanKey.SOURCE_ADDRESS.property() + ") takes per-user, system or an IP address of this machine,"
                    + " got '" + value + "'.");
        }
    }

    /**
     * A plan's own default: empty (the bundled plans' {@code ${__P(source_address,)}}) is {@link Choice#SYSTEM}, as
     * JMeter reads it.
     *
     * @throws IllegalArgumentException naming the plan, for a default none of the three
     */
    static SourceAddress planDefault(String plan, String value) {
        try {
            return value.isBlank() ? Choice.SYSTEM : parse(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("The plan '" + plan + "' defaults " + PlanKey.SOURCE_ADDRESS.property()
                    + " to '" + value + "', which " + PlanKey.SOURCE_ADDRESS.flag()
                    + " does not take: make it empty (system), per-user, system or an IP address of this machine.");
        }
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

package lab.threads.hyperfoil;

import io.hyperfoil.api.session.Session;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Each user of a closed plan ({@link UserRamp}): its session, its recorded requests and why it stopped early. Hyperfoil
 * stops a session whose connection cannot open without a record, where JMeter records an error; the ledger makes each
 * unrecorded request an error line with Hyperfoil's cause ({@link #unrecorded}), so the records add up to users x
 * loops.
 * <p>A session is reused once its user is done, so a user is found by it only while it runs; its calls come on one
 * event loop, so no lock.
 */
final class UserLedger {

    /** The request a user had not recorded, and why: a line the records file must still have. */
    record Unrecorded(String threadName, long startMillis, long elapsedMillis, String url, Cause cause) {}

    /** Why a request got no answer, in JMeter's words: its response code and message. */
    record Cause(String code, String message) {

        /** A connection that could not be opened: the exception as JMeter names it, its message its own. */
        static Cause of(Throwable failure) {
            return new Cause(
                    "Non HTTP response code: "
                            + javaAncestor(failure.getClass()).getName(),
                    "Non HTTP response message: " + csvSafe(String.valueOf(failure.getMessage())));
        }

        /** The first class of the JDK's own a library's exception extends, as JMeter's plain sockets throw them. */
        private static Class<?> javaAncestor(Class<?> type) {
            Class<?> at = type;
            while (at != null && !at.getName().startsWith("java.")) {
                at = at.getSuperclass();
            }
            return at != null ? at : type;
        }

        /** The records are unquoted CSV: no comma or line break in a field. */
        private static String csvSafe(String text) {
            return text.replace(',', ';').replace('\n', ' ').replace('\r', ' ');
        }
    }

    /** A user whose session stopped with no cause given. */
    static final Cause STOPPED = new Cause(
            "Non HTTP response code: java.net.SocketException",
            "Non HTTP response message: Hyperfoil stopped the user's session before this request was sent");

    /** A user Hyperfoil never started (its phase ended, or the run was stopped first). */
    static final Cause NEVER_STARTED = new Cause(
            "Non HTTP response code: java.lang.IllegalStateException",
            "Non HTTP response message: Hyperfoil never started this user");

    /** One user: its number, what it recorded, the request it last began and why it stopped. */
    private static final class User {
        final int number;
        int recorded;
        long lastStartMillis;
        String lastUrl;
        long stoppedAtMillis;
        Cause stoppedBy;

        User(int number) {
            this.number = number;
        }
    }

    private final UserRamp ramp;
    private final String threadPrefix;
    private final User[] users;
    private final AtomicInteger admitted = new AtomicInteger();
    private final AtomicInteger done = new AtomicInteger();
    private final Map<Session, User> bySession = new ConcurrentHashMap<>();
    private final Map<Integer, User> bySessionId = new ConcurrentHashMap<>();

    /**
     * @param ridPrefix this process's prefix of a split load ({@code p2-}), empty for one: its users' thread names take
     *     it
     */
    UserLedger(UserRamp ramp, String ridPrefix) {
        this.ramp = ramp;
        this.threadPrefix = ridPrefix + "Users 1-";
        this.users = new User[ramp.count()];
    }

    /** A session starting as the next user; false past the plan's count, an arrival that must end without a request. */
    boolean admit(Session session) {
        int index = admitted.getAndIncrement();
        if (index >= users.length) {
            return false;
        }
        User user = new User(index + 1);
        users[index] = user;
        bySession.put(session, user);
        bySessionId.put(session.uniqueId(), user);
        return true;
    }

    /** Whether every user has started: the phase can start no more. */
    boolean everyUserStarted() {
        return admitted.get() >= users.length;
    }

    /** The session's user begins a request to {@code url}. */
    void begins(Session session, String url) {
        User user = bySession.get(session);
        if (user != null) {
            user.lastStartMillis = System.currentTimeMillis();
            user.lastUrl = url;
        }
    }

    /**
     * The session's user recorded a request: its thread name (JMeter's, {@code Users 1-17}); after its last loop it is
     * done.
     */
    String recorded(Session session) {
        User user = bySession.get(session);
        if (user == null) {
            return "hyperfoil " + session.uniqueId();
        }
        user.recorded++;
        user.lastUrl = null;
        if (user.recorded == ramp.loops()) {
            finish(session, user);
        }
        return threadPrefix + user.number;
    }

    /** Hyperfoil stopped session {@code sessionId}'s user before its request was sent: it will record no more. */
    void stopped(int sessionId, Cause cause) {
        User user = bySessionId.get(sessionId);
        if (user == null || user.stoppedBy != null || user.recorded >= ramp.loops()) {
            return;
        }
        user.stoppedBy = cause;
        user.stoppedAtMillis = System.currentTimeMillis();
        done.incrementAndGet();
    }

    private void finish(Session session, User user) {
        bySession.remove(session, user);
        bySessionId.remove(session.uniqueId(), user);
        done.incrementAndGet();
    }

    /** The users started and not yet done: what JMeter's records call the active threads. */
    int active() {
        return Math.min(admitted.get(), users.length) - done.get();
    }

    /**
     * Every request the users did not record, once the run is over: a stopped user's begun one (start, time to stop,
     * URL) and each loop it never began (at its stop, elapsed 0), all with its cause.
     */
    List<Unrecorded> unrecorded(java.util.function.Supplier<String> unsentUrl) {
        List<Unrecorded> lines = new ArrayList<>();
        long now = System.currentTimeMillis();
        for (int i = 0; i < users.length; i++) {
            User user = users[i];
            String thread = threadPrefix + (i + 1);
            if (user == null) {
                for (int loop = 0; loop < ramp.loops(); loop++) {
                    lines.add(new Unrecorded(thread, now, 0, unsentUrl.get(), NEVER_STARTED));
                }
                continue;
            }
            int missing = ramp.loops() - user.recorded;
            if (missing <= 0) {
                continue;
            }
            Cause cause = user.stoppedBy != null ? user.stoppedBy : STOPPED;
            long stoppedAt = user.stoppedBy != null ? user.stoppedAtMillis : now;
            boolean begun = user.lastUrl != null && user.lastStartMillis > 0;
            if (begun) {
                lines.add(new Unrecorded(
                        thread,
                        user.lastStartMillis,
                        Math.max(0, stoppedAt - user.lastStartMillis),
                        user.lastUrl,
                        cause));
                missing--;
            }
            for (int loop = 0; loop < missing; loop++) {
                lines.add(new Unrecorded(thread, stoppedAt, 0, unsentUrl.get(), cause));
            }
        }
        return lines;
    }
}

package lab.threads.jmeter.workers;

import java.net.ConnectException;
import java.rmi.ConnectIOException;
import javax.net.ssl.SSLException;

/** Why a JMeter worker could not be reached or would not take the test, in words that say what to do. */
public final class WorkerRefusal {

    private WorkerRefusal() {}

    public static String explain(String worker, Exception e, RmiSecurity security) {
        String prefix = "JMeter worker " + worker;
        SSLException tls = cause(e, SSLException.class);
        if (tls != null) {
            return "TLS handshake with " + prefix + " failed (" + tls.getMessage() + "): the controller and the "
                    + "workers need the same RMI keystore (here "
                    + security.keystore().file().toAbsolutePath()
                    + "): copy it and its .password file to every worker; or is the worker running with --insecure-rmi?";
        }
        if (security.insecure()
                && cause(e, ConnectException.class) == null
                && cause(e, ConnectIOException.class) != null) {
            return prefix + " did not answer plain RMI (" + e.getMessage() + "): it runs RMI over TLS, the default; "
                    + "drop --insecure-rmi here, or start the worker with it too.";
        }
        return "cannot reach " + prefix + ": " + e;
    }

    private static <T extends Throwable> T cause(Throwable e, Class<T> type) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (type.isInstance(cause)) {
                return type.cast(cause);
            }
        }
        return null;
    }
}

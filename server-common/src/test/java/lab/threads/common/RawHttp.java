package lab.threads.common;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** Bytes on a socket, for requests no HTTP client would send; returns the status of the answer's first line. */
final class RawHttp {
    /** Undertow closes the connection without an answer; this status stands for that. */
    static final int NO_ANSWER = -1;

    private RawHttp() {
    }

    static int status(int port, String request) {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            String statusLine = firstLine(socket.getInputStream());
            return statusLine.isEmpty() ? NO_ANSWER : Integer.parseInt(statusLine.split(" ")[1]);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String firstLine(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int b = in.read(); b != -1 && b != '\n'; b = in.read()) {
            line.append((char) b);
        }
        return line.toString().strip();
    }
}

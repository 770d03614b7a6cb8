package lab.threads.common;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** Bytes on a socket, for requests no HTTP client would send; returns the status of the answer's first line. */
public final class RawHttp {
    /** Undertow closes the connection without an answer; this status stands for that. */
    static final int NO_ANSWER = -1;

    private RawHttp() {}

    static int status(int port, String request) {
        return statusWrittenAfter(port, 0, request);
    }

    /** Connects, then waits {@code delayMs} before writing the request: the server has the connection, not the request. */
    static int statusWrittenAfter(int port, long delayMs, String request) {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(10_000);
            Thread.sleep(delayMs);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            String statusLine = firstLine(socket.getInputStream());
            return statusLine.isEmpty()
                    ? NO_ANSWER
                    : Integer.parseInt(statusLine.split(" ")[1]);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * Sends {@code targets} as GET requests one after another on one keep-alive connection, each after the previous
     * answer was read whole (by its Content-Length, or its chunks); returns their statuses.
     */
    static java.util.List<Integer> keepAlive(int port, String... targets) {
        java.util.List<Integer> statuses = new java.util.ArrayList<>();
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(10_000);
            for (String target : targets) {
                statuses.add(get(socket, target));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return statuses;
    }

    /** Writes one GET for {@code target} on an open connection, without reading. */
    static void send(Socket socket, String target) throws IOException {
        socket.getOutputStream()
                .write(("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                        .getBytes(StandardCharsets.ISO_8859_1));
    }

    /**
     * The first byte the server sends, or {@link #NO_ANSWER} when it closes or resets the connection first; a socket
     * timeout (the connection still open) is thrown.
     */
    static int firstByteOrEnd(Socket socket) throws IOException {
        try {
            int first = socket.getInputStream().read();
            return first == -1 ? NO_ANSWER : first;
        } catch (java.net.SocketException reset) {
            return NO_ANSWER;
        }
    }

    /** One GET on an open keep-alive connection: its status, the answer read whole (by its Content-Length, or its chunks). */
    public static int get(Socket socket, String target) throws IOException {
        send(socket, target);
        InputStream in = socket.getInputStream();
        String statusLine = firstLine(in);
        if (!statusLine.startsWith("HTTP/")) {
            throw new IOException("no answer to " + target + ": '" + statusLine + "'");
        }
        int status = Integer.parseInt(statusLine.split(" ")[1]);
        int length = 0;
        boolean chunked = false;
        for (String header = firstLine(in); !header.isEmpty(); header = firstLine(in)) {
            String lower = header.toLowerCase(java.util.Locale.ROOT);
            if (lower.startsWith("content-length:")) {
                length = Integer.parseInt(
                        header.substring(header.indexOf(':') + 1).strip());
            }
            chunked |= lower.startsWith("transfer-encoding:") && lower.contains("chunked");
        }
        if (chunked) {
            // Each chunk: its size in hex, the bytes, CRLF; a size of 0 and a blank line end the body.
            for (int size = Integer.parseInt(firstLine(in), 16); size > 0; size = Integer.parseInt(firstLine(in), 16)) {
                in.readNBytes(size + 2);
            }
            firstLine(in);
        } else {
            in.readNBytes(length);
        }
        return status;
    }

    private static String firstLine(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int b = in.read(); b != -1 && b != '\n'; b = in.read()) {
            line.append((char) b);
        }
        return line.toString().strip();
    }
}

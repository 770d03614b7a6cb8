package lab.threads.jdk;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Keep-alive connections held open by a test, each after one answered request, to see which the server closes. */
final class KeptAlive {
    private KeptAlive() {}

    /**
     * Opens {@code count} connections one after another, sends one {@code /sleep?ms=0} on each and reads its whole
     * answer, keeps them all open, then counts those the server has closed since (read() sees the end of stream).
     */
    static int closedByTheServer(int port, int count) throws IOException, InterruptedException {
        List<Socket> sockets = new ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                Socket socket = new Socket(InetAddress.getLoopbackAddress(), port);
                sockets.add(socket);
                socket.getOutputStream()
                        .write("GET /sleep?ms=0 HTTP/1.1\r\nHost: localhost\r\n\r\n"
                                .getBytes(StandardCharsets.US_ASCII));
                readAnswer(socket.getInputStream());
            }
            Thread.sleep(500); // the dispatcher marks a connection idle (or closes it) after the answer is written
            int closed = 0;
            for (Socket socket : sockets) {
                socket.setSoTimeout(50);
                try {
                    closed += socket.getInputStream().read() < 0 ? 1 : 0;
                } catch (SocketTimeoutException open) {
                    // still open: nothing to read, no end of stream
                }
            }
            return closed;
        } finally {
            for (Socket socket : sockets) {
                socket.close();
            }
        }
    }

    /** Reads a status line and headers, then Content-Length bytes of body. */
    private static void readAnswer(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("closed before the answer's end: " + head);
            }
            head.append((char) b);
        }
        String lower = head.toString().toLowerCase(Locale.ROOT);
        int at = lower.indexOf("content-length:");
        int length = Integer.parseInt(
                lower.substring(at + 15, lower.indexOf("\r\n", at)).trim());
        in.readNBytes(length);
    }
}

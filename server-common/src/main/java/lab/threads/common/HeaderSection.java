package lab.threads.common;

/** The size of a request's header section, counted alike on every framework: each {@code name: value} line with its CRLF. */
public final class HeaderSection {
    private int lines;
    private int bytes;
    private int hostLines;

    /** One header line; a framework that groups repeated names adds each value. */
    public HeaderSection add(String name, String value) {
        lines++;
        if ("Host".equalsIgnoreCase(name)) {
            hostLines++;
        }
        bytes += name.length() + ": ".length() + value.length() + "\r\n".length();
        return this;
    }

    public int lines() {
        return lines;
    }

    public int bytes() {
        return bytes;
    }

    /** Host header lines: HTTP/1.1 needs exactly one (RFC 9112 section 3.2). */
    public int hostLines() {
        return hostLines;
    }
}

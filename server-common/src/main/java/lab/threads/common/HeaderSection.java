package lab.threads.common;

/** The size of a request's header section, counted alike on every framework: each {@code name: value} line with its CRLF. */
public final class HeaderSection {
    private int lines;
    private int bytes;

    /** One header line; a framework that groups repeated names adds each value. */
    public HeaderSection add(String name, String value) {
        lines++;
        bytes += name.length() + ": ".length() + value.length() + "\r\n".length();
        return this;
    }

    public int lines() {
        return lines;
    }

    public int bytes() {
        return bytes;
    }
}

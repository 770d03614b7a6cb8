package lab.threads.runner.outside;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.ByteOrder;
import java.util.Optional;

/**
 * A listening port's accept queue asked of the kernel: a {@code NETLINK_SOCK_DIAG} dump of the LISTEN TCP sockets (what
 * {@code ss} asks), IPv4 then IPv6, through the FFM API. Listeners have a hash of their own, so the dump costs a few
 * system calls however many connections are open.
 */
final class ListenerDiag {
    private static final int AF_INET = 2;
    private static final int AF_INET6 = 10;
    private static final int AF_NETLINK = 16;
    private static final int SOCK_DGRAM = 2;
    private static final int SOCK_CLOEXEC = 0x80000;
    private static final int NETLINK_SOCK_DIAG = 4;
    private static final short SOCK_DIAG_BY_FAMILY = 20;
    private static final short NLM_F_REQUEST = 0x1;
    private static final short NLM_F_DUMP = 0x300;
    private static final int NLMSG_ERROR = 2;
    private static final int NLMSG_DONE = 3;
    private static final byte IPPROTO_TCP = 6;
    private static final int TCP_LISTEN = 10;

    /** {@code struct nlmsghdr}: len, type, flags, seq, pid. */
    private static final int HEADER = 16;
    /** {@code struct inet_diag_req_v2}: family, protocol, ext, pad, states, then a 48-byte {@code inet_diag_sockid}. */
    private static final int REQUEST = 56;
    /** {@code struct sockaddr_nl}: family, pad, pid, groups; pid 0 is the kernel. */
    private static final int KERNEL_ADDRESS = 12;
    /** In an {@code inet_diag_msg}: the state, the local port (big-endian), the receive and send queues. */
    private static final int MSG_STATE = 1;

    private static final int MSG_SPORT = 4;
    private static final int MSG_RQUEUE = 56;
    private static final int MSG_WQUEUE = 60;
    private static final int MSG_SIZE = 72;

    private static final int RECEIVE_BUFFER = 64 * 1024;
    private static final ValueLayout.OfShort PORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    private static final Calls CALLS = Calls.lookUp();

    private record Calls(MethodHandle socket, MethodHandle sendto, MethodHandle recv, MethodHandle close) {
        static Calls lookUp() {
            if (!System.getProperty("os.name").startsWith("Linux")) {
                return null;
            }
            try {
                Linker linker = Linker.nativeLinker();
                ValueLayout size = ValueLayout.JAVA_LONG;
                return new Calls(
                        call(
                                linker,
                                "socket",
                                FunctionDescriptor.of(
                                        ValueLayout.JAVA_INT,
                                        ValueLayout.JAVA_INT,
                                        ValueLayout.JAVA_INT,
                                        ValueLayout.JAVA_INT)),
                        call(
                                linker,
                                "sendto",
                                FunctionDescriptor.of(
                                        size,
                                        ValueLayout.JAVA_INT,
                                        ValueLayout.ADDRESS,
                                        size,
                                        ValueLayout.JAVA_INT,
                                        ValueLayout.ADDRESS,
                                        ValueLayout.JAVA_INT)),
                        call(
                                linker,
                                "recv",
                                FunctionDescriptor.of(
                                        size, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, size, ValueLayout.JAVA_INT)),
                        call(linker, "close", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT)));
            } catch (RuntimeException | LinkageError noNativeAccess) {
                return null;
            }
        }

        private static MethodHandle call(Linker linker, String name, FunctionDescriptor descriptor) {
            return linker.downcallHandle(linker.defaultLookup().find(name).orElseThrow(), descriptor);
        }
    }

    private ListenerDiag() {}

    /**
     * The listeners on {@code port}, IPv4 and IPv6 added up: empty when none listens there.
     *
     * @throws IOException when the kernel cannot be asked (no netlink, no native access, another OS)
     */
    static Optional<AcceptQueue> acceptQueue(int port) throws IOException {
        if (CALLS == null) {
            throw new IOException("no native access to netlink here");
        }
        try (Arena arena = Arena.ofConfined()) {
            int socket = (int) CALLS.socket().invokeExact(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_SOCK_DIAG);
            if (socket < 0) {
                throw new IOException("socket(AF_NETLINK, NETLINK_SOCK_DIAG) failed");
            }
            try {
                MemorySegment buffer = arena.allocate(RECEIVE_BUFFER, 8);
                MemorySegment kernel = arena.allocate(KERNEL_ADDRESS, 4);
                kernel.set(ValueLayout.JAVA_SHORT, 0, (short) AF_NETLINK);
                AcceptQueue sum = dump(socket, AF_INET, port, buffer, kernel, null);
                return Optional.ofNullable(dump(socket, AF_INET6, port, buffer, kernel, sum));
            } finally {
                int ignored = (int) CALLS.close().invokeExact(socket);
            }
        } catch (IOException e) {
            throw e;
        } catch (Throwable e) {
            throw new IOException("netlink: " + e, e);
        }
    }

    /** One family's listeners, added to {@code sum}. */
    private static AcceptQueue dump(
            int socket, int family, int port, MemorySegment buffer, MemorySegment kernel, AcceptQueue sum)
            throws Throwable {
        MemorySegment request = buffer.asSlice(0, HEADER + REQUEST).fill((byte) 0);
        request.set(ValueLayout.JAVA_INT, 0, HEADER + REQUEST);
        request.set(ValueLayout.JAVA_SHORT, 4, SOCK_DIAG_BY_FAMILY);
        request.set(ValueLayout.JAVA_SHORT, 6, (short) (NLM_F_REQUEST | NLM_F_DUMP));
        request.set(ValueLayout.JAVA_INT, 8, family);
        request.set(ValueLayout.JAVA_BYTE, HEADER, (byte) family);
        request.set(ValueLayout.JAVA_BYTE, HEADER + 1, IPPROTO_TCP);
        request.set(ValueLayout.JAVA_INT, HEADER + 4, 1 << TCP_LISTEN);
        long sent = (long)
                CALLS.sendto().invokeExact(socket, request, (long) request.byteSize(), 0, kernel, KERNEL_ADDRESS);
        if (sent != request.byteSize()) {
            throw new IOException("netlink: the inet_diag request was not sent");
        }
        while (true) {
            long received = (long) CALLS.recv().invokeExact(socket, buffer, (long) RECEIVE_BUFFER, 0);
            if (received <= 0) {
                throw new IOException("netlink: no answer to the inet_diag request");
            }
            for (long at = 0; at + HEADER <= received; ) {
                int length = buffer.get(ValueLayout.JAVA_INT, at);
                int type = Short.toUnsignedInt(buffer.get(ValueLayout.JAVA_SHORT, at + 4));
                if (type == NLMSG_DONE) {
                    return sum;
                }
                if (type == NLMSG_ERROR || length < HEADER || at + length > received) {
                    throw new IOException("netlink: the kernel refused the inet_diag dump");
                }
                MemorySegment message = buffer.asSlice(at + HEADER, length - HEADER);
                if (message.byteSize() >= MSG_SIZE
                        && message.get(ValueLayout.JAVA_BYTE, MSG_STATE) == TCP_LISTEN
                        && Short.toUnsignedInt(message.get(PORT, MSG_SPORT)) == port) {
                    sum = AcceptQueue.add(
                            sum,
                            new AcceptQueue(
                                    Integer.toUnsignedLong(message.get(ValueLayout.JAVA_INT, MSG_RQUEUE)),
                                    Integer.toUnsignedLong(message.get(ValueLayout.JAVA_INT, MSG_WQUEUE))));
                }
                at += (length + 3) & ~3; // messages are 4-byte aligned
            }
        }
    }
}

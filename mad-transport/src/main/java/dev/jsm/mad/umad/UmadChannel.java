package dev.jsm.mad.umad;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import dev.jsm.mad.channel.LocalPort;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.channel.MadReceiver;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.MgmtClass;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * {@link MadChannel} over libibumad: one local port, the SMI agents (directed-route class 0x81 and LID-routed class
 * 0x01, version 1) and optionally the SA server agent (class 0x03, version 2, no kernel RMPP: umad2sim does none, so
 * RMPP lives in user space). Behavioural counterpart: OpenSM's {@code osm_vendor_ibumad.c}.
 *
 * <p>Agents: the SMI agents take unsolicited Get and Set (SMInfo from other SMs) and, for class 0x01, Trap; the SA
 * agent takes Get, Set, Report, GetTable, GetTraceTable, GetMulti and Delete; client agents of other classes
 * ({@link Options#clients()}: PerfMgt for the performance manager) take no requests. Responses always reach the agent
 * that sent the request.
 *
 * <p>Exactly one receive thread blocks in {@code umad_recv} with a bounded poll timeout (a second reader would get
 * {@code -EWOULDBLOCK}: the device is non-blocking and libibumad polls before it reads). It reuses one native buffer
 * and allocates only the {@code byte[256]} it hands to the receiver. Sends copy into one preallocated native buffer
 * under a lock. Under umad2sim the port's fd is fake, so epoll cannot watch it; this design needs no fd. The poll
 * timeout is long (a second by default): an idle port wakes the thread once a second, which under umad2sim cost
 * 60 us of CPU each time; {@link #close()} wakes it at once with a directed-route NodeInfo Get to the local port,
 * whose answer ends the wait.
 *
 * <p>Kernel timeouts: requests are sent with {@link Options#requestTimeoutMs()} and no kernel retries. umad2sim
 * ignores both fields, so 0 works there. On a real kernel a response whose request was sent with timeout 0 matches
 * no send and is dropped ({@code ib_mad_complete_recv}), so a daemon on real HCAs must pass its transaction timeout;
 * the kernel then also hands back timed-out requests with status ETIMEDOUT ({@link MadReceiver#onSendFailed}).
 *
 * <p>TransactionIDs: the kernel replaces the upper 32 bits of a request's TID with its agent's {@code hi_tid};
 * umad2sim puts the agent id into bits 47:32 and ibsim its client id into bits 63:48. Only the low 32 bits of a
 * response's TID are the ones the SM chose.
 *
 * <p>Under ibsim's {@code libumad2sim.so} (umad2sim, ibsim 0.10): umad2sim's own receive thread crashes the whole
 * process (SIGSEGV in {@code pthread_mutex_lock}) when a MAD arrives for a management class that has no registered
 * agent, e.g. a late response after this channel unregistered its agents. So {@link #close()} first drains: after
 * the last send it sends a {@link Umad2simBarrier} and discards everything until the barrier's response is back
 * (ibsim answers one client in order), and only then unregisters the agents and closes the port. Not covered,
 * because umad2sim cannot be made safe against them from here: MADs ibsim sends unprompted (traps and requests to
 * an SM that holds the {@code issm} device open, forwarded GSI requests) in the window between close and exit, and
 * a process exit while a channel is still open. umad2sim also routes by class alone, one fd per class per device:
 * at most one channel per port may be open at a time in one process. On a real kernel none of this applies and
 * close does not drain.
 *
 * <p>Thread-safe: {@link #send} from any thread; the receiver runs on the receive thread.
 */
public final class UmadChannel implements MadChannel {

    private static final System.Logger LOG = System.getLogger(UmadChannel.class.getName());
    private static final int SMI_VERSION = 1;
    private static final int SA_VERSION = 2;
    private static final long SMI_LID_METHODS = bits(Method.GET, Method.SET, Method.TRAP);
    private static final long SMI_DR_METHODS = bits(Method.GET, Method.SET);
    private static final long SA_METHODS = bits(Method.GET, Method.SET, Method.REPORT, Method.GET_TABLE,
            Method.GET_TRACE_TABLE, Method.GET_MULTI, Method.DELETE);
    private static final MadReceiver DROP = (from, mad, length) -> { };
    /** Bound on the close-time drain under umad2sim; reached only if ibsim stops answering. */
    private static final long DRAIN_LIMIT_NANOS = TimeUnit.SECONDS.toNanos(5);
    /** How much longer than the drain {@link #close()} waits for the receive thread before it gives up on it. */
    private static final long CLOSE_GRACE_NANOS = TimeUnit.SECONDS.toNanos(2);
    /** How long {@link #close()} waits for a send in progress before it lets the receive poll end on its own. */
    private static final long WAKE_LOCK_WAIT_MS = 200;

    /**
     * How to open the channel.
     *
     * @param saServer also register the SA server agent (class 0x03) for Get/Set/GetTable/... requests
     * @param requestTimeoutMs kernel timeout for requests (0 = none; must be &gt; 0 on real HCAs, see class doc)
     * @param receivePollMs bound on each {@code umad_recv} wait, hence on how long {@link #close()} takes when it
     *     cannot wake the receive thread
     * @param clients the classes this channel sends requests of as a client, besides the SMI and SA classes: an
     *     agent for each takes their responses (OpenSM binds PerfMgt, class 0x04, for its performance manager), and
     *     the requests of the methods the class names (a vendor class both SMs of a pair take requests of)
     */
    public record Options(boolean saServer, int requestTimeoutMs, int receivePollMs, List<ClientClass> clients) {

        /** Validates the values and copies {@code clients}. */
        public Options {
            if (requestTimeoutMs < 0 || receivePollMs <= 0) {
                throw new IllegalArgumentException("requestTimeoutMs must be >= 0 and receivePollMs > 0");
            }
            clients = List.copyOf(clients);
        }

        /** Options without client agents. */
        public Options(boolean saServer, int requestTimeoutMs, int receivePollMs) {
            this(saServer, requestTimeoutMs, receivePollMs, List.of());
        }

        /** SMI agents only, no kernel timeout, 1 s receive polls. */
        public static Options defaults() {
            return new Options(false, 0, 1000);
        }

        /** A copy that does (or does not) register the SA server agent. */
        public Options withSaServer(boolean sa) {
            return new Options(sa, requestTimeoutMs, receivePollMs, clients);
        }

        /** A copy with another kernel request timeout. */
        public Options withRequestTimeoutMs(int ms) {
            return new Options(saServer, ms, receivePollMs, clients);
        }

        /** A copy that also registers a client agent for {@code mgmtClass} at {@code classVersion}. */
        public Options withClient(MgmtClass mgmtClass, int classVersion) {
            return withClass(new ClientClass(mgmtClass, classVersion));
        }

        /**
         * A copy that also registers an agent for {@code mgmtClass} at {@code classVersion} that takes the requests
         * of {@code methods} besides the responses to this channel's own requests.
         */
        public Options withServer(MgmtClass mgmtClass, int classVersion, Method... methods) {
            return withClass(new ClientClass(mgmtClass, classVersion, bits(methods)));
        }

        private Options withClass(ClientClass c) {
            List<ClientClass> more = new ArrayList<>(clients);
            more.add(c);
            return new Options(saServer, requestTimeoutMs, receivePollMs, more);
        }
    }

    /**
     * A management class the channel sends requests of and receives responses to, and takes the unsolicited requests
     * of some methods of.
     *
     * @param mgmtClass the class
     * @param classVersion its class version (PerfMgt 1, congestion control 2)
     * @param requestMethods the methods whose requests the agent takes, one bit per method value (0: none)
     */
    public record ClientClass(MgmtClass mgmtClass, int classVersion, long requestMethods) {

        /** Refuses the SMI and SA classes, which the channel registers itself. */
        public ClientClass {
            if (mgmtClass.isSmp() || mgmtClass.value() == MgmtClass.SUBN_ADM.value()) {
                throw new IllegalArgumentException(mgmtClass + " has its own agents");
            }
        }

        /** A class whose agent takes responses only. */
        public ClientClass(MgmtClass mgmtClass, int classVersion) {
            this(mgmtClass, classVersion, 0L);
        }
    }

    private final UmadPort port;
    private final Options options;
    private final int portId;
    private final int[] agentByClass = new int[256];
    private final UmadBuffer txBuffer;
    private final UmadBuffer rxBuffer;
    private final Memory rxLength = new Memory(4);
    private final ReentrantLock txLock = new ReentrantLock();
    private final Object closeLock = new Object();
    private final Thread rxThread;
    private volatile MadReceiver receiver = DROP;
    private volatile boolean running = true;
    private volatile boolean closed;           // set once by close(); read under txLock by senders
    private MadAddress.LidRouted lastSender;   // receive thread only

    /** Takes over the open port {@code portId}: checks the buffer ABI and registers the agents, or closes it. */
    private UmadChannel(UmadPort port, Options options, int portId, int headerSize) throws UmadException {
        this.port = port;
        this.options = options;
        this.portId = portId;
        this.txBuffer = new UmadBuffer(headerSize);
        this.rxBuffer = new UmadBuffer(headerSize);
        Arrays.fill(agentByClass, -1);
        this.rxThread = new Thread(this::receiveLoop, "umad-rx " + port.label());
        rxThread.setDaemon(true);
        try {
            long madOffset = Umad.umad_get_mad(rxBuffer.address()) - rxBuffer.address();
            if (madOffset != headerSize) {
                throw new UmadException(UmadException.Reason.IO, "libibumad places the MAD at offset " + madOffset
                        + ", not at umad_size() " + headerSize + " (ABI mismatch)");
            }
            register(MgmtClass.SUBN_DIRECTED_ROUTE, SMI_VERSION, SMI_DR_METHODS);
            register(MgmtClass.SUBN_LID_ROUTED, SMI_VERSION, SMI_LID_METHODS);
            if (options.saServer()) {
                register(MgmtClass.SUBN_ADM, SA_VERSION, SA_METHODS);
            }
            for (ClientClass c : options.clients()) {
                register(c.mgmtClass(), c.classVersion(), c.requestMethods());
            }
        } catch (UmadException e) {
            releasePort();
            throw e;
        }
    }

    /** Opens {@code caName}/{@code portNum} ({@code null}/0 = libibumad's choice of CA/port, as OpenSM does). */
    public static UmadChannel open(String caName, int portNum, Options options) throws UmadException {
        return open(UmadDevices.port(caName, portNum), options);
    }

    /** Opens the local port whose GUID is {@code portGuid} ({@code opensm -g}). */
    public static UmadChannel openByGuid(long portGuid, Options options) throws UmadException {
        return open(UmadDevices.portByGuid(portGuid), options);
    }

    /**
     * Opens a port found by {@link UmadDevices}, registers the agents and starts the receive thread.
     *
     * @throws UmadException with a one-line message and a {@link UmadException.Reason}
     */
    public static UmadChannel open(UmadPort port, Options options) throws UmadException {
        UmadDevices.init();
        if (!port.isInfiniBand()) {
            throw new UmadException(UmadException.Reason.PORT_NOT_FOUND,
                    "port " + port.label() + " is not an InfiniBand port (link layer " + port.linkLayer() + ")");
        }
        if (port.state() == UmadPort.STATE_DOWN) {
            throw new UmadException(UmadException.Reason.PORT_DOWN, "port " + port.label()
                    + " is DOWN (physical state " + port.physStateName() + "): no link, check the cable and the peer");
        }
        int fd = Umad.umad_open_port(port.caName(), port.portNum());
        if (fd < 0) {
            throw openFailure(port, fd, Native.getLastError());
        }
        UmadChannel channel = new UmadChannel(port, options, fd, (int) Umad.umad_size());
        channel.rxThread.start();
        return channel;
    }

    @Override
    public LocalPort localPort() {
        return port.toLocalPort();
    }

    /** The libibumad view of the port, as read when the channel was opened. */
    public UmadPort umadPort() {
        return port;
    }

    @Override
    public void setReceiver(MadReceiver receiver) {
        this.receiver = receiver == null ? DROP : receiver;
    }

    /**
     * {@inheritDoc}
     *
     * <p>DR SMPs go to the permissive LID 0xFFFF on QP0; LID-routed SMPs to the LID on QP0; GSI MADs to LID, QP and
     * Q_Key. The agent is chosen by the MAD's management class.
     *
     * @throws IllegalArgumentException for a length outside 24..256 or a DR address on a non-DR class
     */
    @Override
    public void send(MadAddress to, byte[] mad, int length) throws IOException {
        if (length < 24 || length > UmadBuffer.MAD_SIZE || length > mad.length) {
            throw new IllegalArgumentException("MAD length " + length + " outside 24.." + UmadBuffer.MAD_SIZE);
        }
        int mgmtClass = mad[1] & 0xFF;
        int agent = agentByClass[mgmtClass];
        if (agent < 0) {
            throw new IOException(String.format("no MAD agent for class 0x%02x on %s", mgmtClass, port.label()));
        }
        int method = mad[3] & 0xFF;
        boolean expectsResponse = (method & Method.RESPONSE_BIT) == 0 && method != Method.TRAP_REPRESS.value();
        int timeoutMs = expectsResponse ? options.requestTimeoutMs() : 0;
        txLock.lock();
        try {
            if (closed) {
                throw new IOException("channel on " + port.label() + " is closed");
            }
            if (transmit(agent, to, mad, length, timeoutMs) < 0) {
                throw new IOException("umad_send on " + port.label() + " failed: "
                        + Errno.text(Native.getLastError()));
            }
        } finally {
            txLock.unlock();
        }
    }

    /**
     * Stops the receive thread (within one receive poll) and closes the port; idempotent. Nothing is delivered
     * after the receive loop ends; under umad2sim the answers still in flight are drained first (class doc).
     */
    @Override
    public void close() {
        synchronized (closeLock) {
            if (closed) {
                return;
            }
            closed = true;
        }
        running = false;
        if (Thread.currentThread() != rxThread) {
            wakeReceiver();
            // bounded: a send stuck in umad_send (umad2sim when ibsim stalls) holds txLock, which the receive
            // thread's close-time drain needs; the process must still be able to exit
            long deadline = System.nanoTime() + DRAIN_LIMIT_NANOS + CLOSE_GRACE_NANOS;
            boolean interrupted = false;
            while (rxThread.isAlive() && System.nanoTime() - deadline < 0) {
                try {
                    rxThread.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (rxThread.isAlive()) {
                LOG.log(System.Logger.Level.WARNING, "the receive thread of {0} did not stop within {1} s (a send "
                        + "is stuck in libibumad); leaving it", port.label(),
                        (DRAIN_LIMIT_NANOS + CLOSE_GRACE_NANOS) / 1_000_000_000L);
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Ends the receive thread's wait: a directed-route NodeInfo Get to the local port, whose answer the loop reads and
     * drops. Skipped when a send holds the lock for long (umad2sim when ibsim stalls): the wait then ends at its
     * timeout.
     */
    private void wakeReceiver() {
        byte[] wake = Umad2simBarrier.random().request();
        try {
            if (!txLock.tryLock(WAKE_LOCK_WAIT_MS, TimeUnit.MILLISECONDS)) {
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        try {
            transmit(agentByClass[MgmtClass.SUBN_DIRECTED_ROUTE.value()], MadAddress.directedRoute(), wake,
                    wake.length, 0);
        } finally {
            txLock.unlock();
        }
    }

    /** Copies the MAD into the send buffer and hands it to libibumad; under {@link #txLock}. */
    private int transmit(int agent, MadAddress to, byte[] mad, int length, int timeoutMs) {
        txBuffer.clearHeader();
        if (to instanceof MadAddress.LidRouted l) {
            Umad.umad_set_addr(txBuffer.address(), l.lid(), l.qpn(), l.sl(), l.qkey());
            txBuffer.setPkeyIndex(l.pkeyIndex());
        } else if ((mad[1] & 0xFF) == MgmtClass.SUBN_DIRECTED_ROUTE.value()) {
            Umad.umad_set_addr(txBuffer.address(), 0xFFFF, MadAddress.QP0, 0, 0);
        } else {
            throw new IllegalArgumentException(String.format("DR address for class 0x%02x", mad[1] & 0xFF));
        }
        txBuffer.putMad(mad, length);
        return Umad.umad_send(portId, agent, txBuffer.address(), length, timeoutMs, 0);
    }

    private void register(MgmtClass mgmtClass, int version, long methods) throws UmadException {
        Memory mask = new Memory(16);
        mask.setLong(0, methods);
        mask.setLong(8, 0L);
        int agent = Umad.umad_register(portId, mgmtClass.value(), version, (byte) 0, mask);
        if (agent < 0) {
            int errno = Native.getLastError();
            throw new UmadException(UmadException.Reason.AGENT_REGISTRATION, String.format(
                    "cannot register a MAD agent for class 0x%02x version %d on %s: %s (is another SM running?)",
                    mgmtClass.value(), version, port.label(), Errno.text(errno == 0 ? -agent : errno)));
        }
        agentByClass[mgmtClass.value()] = agent;
    }

    private void receiveLoop() {
        long lengthAddress = Pointer.nativeValue(rxLength);
        try {
            while (running) {
                rxLength.setInt(0, UmadBuffer.MAD_SIZE);
                int r = Umad.umad_recv(portId, rxBuffer.address(), lengthAddress, options.receivePollMs());
                if (r >= 0) {
                    if (running) { // else: the close's wake-up MAD, or one that came with it: dropped
                        deliver(Math.min(rxLength.getInt(0), UmadBuffer.MAD_SIZE));
                    }
                } else if (r != -Errno.ETIMEDOUT && r != -Errno.EAGAIN) {
                    LOG.log(System.Logger.Level.WARNING, "umad_recv on {0} failed: {1}", port.label(),
                            Errno.text(r));
                    LockSupport.parkNanos(10_000_000L); // a failing device must not spin the thread
                }
            }
            if (Umad2simBarrier.PRELOADED) {
                drainSimulator(lengthAddress);
            }
        } finally {
            releasePort();
        }
    }

    /**
     * Under umad2sim, after the last send: sends a {@link Umad2simBarrier} and discards what ibsim answers until the
     * barrier's response is back, so that no response reaches umad2sim after the agents are unregistered (see the
     * class doc). Bounded by {@link #DRAIN_LIMIT_NANOS} in case ibsim stops answering.
     */
    private void drainSimulator(long lengthAddress) {
        Umad2simBarrier barrier = Umad2simBarrier.random();
        byte[] request = barrier.request();
        int rc;
        txLock.lock();
        try {
            rc = transmit(agentByClass[MgmtClass.SUBN_DIRECTED_ROUTE.value()], MadAddress.directedRoute(), request,
                    request.length, 0);
        } finally {
            txLock.unlock();
        }
        if (rc < 0) {
            LOG.log(System.Logger.Level.WARNING, "cannot send the close barrier on {0}: {1}", port.label(),
                    Errno.text(Native.getLastError()));
            return;
        }
        byte[] mad = new byte[UmadBuffer.MAD_SIZE];
        long deadline = System.nanoTime() + DRAIN_LIMIT_NANOS;
        while (System.nanoTime() - deadline < 0) {
            rxLength.setInt(0, UmadBuffer.MAD_SIZE);
            int r = Umad.umad_recv(portId, rxBuffer.address(), lengthAddress, options.receivePollMs());
            if (r >= 0) {
                rxBuffer.getMad(mad, Math.min(rxLength.getInt(0), UmadBuffer.MAD_SIZE));
                if (barrier.isAnsweredBy(mad)) {
                    return;
                }
            } else if (r != -Errno.ETIMEDOUT && r != -Errno.EAGAIN) {
                LOG.log(System.Logger.Level.WARNING, "umad_recv on {0} failed while closing: {1}", port.label(),
                        Errno.text(r));
                return;
            }
        }
        LOG.log(System.Logger.Level.WARNING, "ibsim did not answer the close barrier on {0} within {1} s; a late "
                + "response may still crash umad2sim", port.label(), TimeUnit.NANOSECONDS.toSeconds(DRAIN_LIMIT_NANOS));
    }

    private void deliver(int length) {
        byte[] mad = new byte[UmadBuffer.MAD_SIZE];
        rxBuffer.getMad(mad, length);
        MadReceiver r = receiver;
        try {
            int status = rxBuffer.status();
            if (status != 0) {
                r.onSendFailed(mad, length, status);
            } else if ((mad[1] & 0xFF) == MgmtClass.SUBN_DIRECTED_ROUTE.value()) {
                r.onMad(MadAddress.directedRoute(), mad, length);
            } else {
                r.onMad(sender(), mad, length);
            }
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.ERROR, "MAD receiver on " + port.label() + " failed", e);
        }
    }

    private MadAddress.LidRouted sender() {
        MadAddress.LidRouted last = lastSender;
        if (last == null || !rxBuffer.sameSender(last)) {
            last = new MadAddress.LidRouted(rxBuffer.lid(), rxBuffer.qpn(), rxBuffer.qkey(), rxBuffer.sl(),
                    rxBuffer.pkeyIndex());
            lastSender = last;
        }
        return last;
    }

    private void releasePort() {
        for (int agent : agentByClass) {
            if (agent >= 0) {
                Umad.umad_unregister(portId, agent);
            }
        }
        Umad.umad_close_port(portId);
    }

    private static UmadException openFailure(UmadPort port, int rc, int errno) {
        String device = "/dev/infiniband/umad*";
        try {
            device = UmadDevices.issmPath(port.caName(), port.portNum()).replace("/issm", "/umad");
        } catch (UmadException e) {
            // keep the generic name; the open failure is what matters
        }
        if (errno == Errno.EACCES || errno == Errno.EPERM) {
            return new UmadException(UmadException.Reason.PERMISSION_DENIED, "cannot open " + device + " for "
                    + port.label() + ": " + Errno.text(errno) + "; run as root or grant access (udev rule, group)");
        }
        return new UmadException(UmadException.Reason.IO, "cannot open " + device + " for " + port.label() + ": "
                + Errno.text(errno != 0 ? errno : rc));
    }

    private static long bits(Method... methods) {
        long mask = 0;
        for (Method m : methods) {
            mask |= 1L << m.value();
        }
        return mask;
    }
}

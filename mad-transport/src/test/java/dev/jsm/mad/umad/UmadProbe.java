package dev.jsm.mad.umad;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import dev.jsm.mad.channel.LocalPort;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadReceiver;
import dev.jsm.mad.codec.AttributeId;
import dev.jsm.mad.codec.DrPath;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.codec.MgmtClass;
import dev.jsm.mad.codec.Smp;
import dev.jsm.mad.smp.NodeInfo;
import dev.jsm.mad.smp.PortInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Child-process probe for {@link UmadChannelIT}: opens a {@link UmadChannel} under umad2sim and runs the commands
 * given as arguments, printing one parseable {@code KEY k=v ...} line per result.
 *
 * <p>Commands: {@code localport}, {@code nodeinfo <path>}, {@code badpath <path>}, {@code rtt <count> <path>},
 * {@code lidrouted <lid>} (gives the local port a LID with a DR Set(PortInfo), then sends a LID-routed
 * Get(NodeInfo) to it), {@code awaitfile <name>} (waits up to 30 s for a file in the working directory, so a test
 * can act on ibsim in between), {@code saloop <lid>} (after {@code lidrouted <lid>}, with {@code --sa} as first
 * argument and {@code SIM_SET_ISSM=1}: sends an SA Get(ClassPortInfo) to its own LID, receives it on the SA server
 * agent and answers it), {@code errno}, {@code open <ca> <port>} (expects failure). Exit status 0 if every command
 * worked, 1 otherwise, 2 if the channel could not be opened.
 *
 * <p>Confined to its main thread (the channel's receive thread only feeds the queue).
 */
public final class UmadProbe {

    private static final long REPLY_TIMEOUT_MS = 2000;

    /** What the channel delivered: a MAD ({@code status == 0}) or a send handed back undelivered. */
    private record Arrival(MadAddress from, byte[] mad, int length, int status) {
    }

    private final UmadChannel channel;
    private final BlockingQueue<Arrival> arrivals = new ArrayBlockingQueue<>(1024);
    private long nextTid = 0x1000;

    private UmadProbe(UmadChannel channel) {
        this.channel = channel;
        channel.setReceiver(new MadReceiver() {
            @Override
            public void onMad(MadAddress from, byte[] mad, int length) {
                arrivals.offer(new Arrival(from, mad, length, 0));
            }

            @Override
            public void onSendFailed(byte[] mad, int length, int status) {
                arrivals.offer(new Arrival(null, mad, length, status));
            }
        });
    }

    /** Runs the commands in {@code args}. */
    public static void main(String[] args) throws Exception {
        long sizeBefore = Umad.isAvailable() ? Umad.umad_size() : -1;
        boolean ok = true;
        boolean sa = args.length > 0 && args[0].equals("--sa");
        UmadChannel channel;
        try {
            channel = UmadChannel.open(null, 0, UmadChannel.Options.defaults().withSaServer(sa));
        } catch (UmadException e) {
            System.out.println("UMADERROR reason=" + e.reason() + " message=" + e.getMessage());
            System.exit(2);
            return;
        }
        System.out.println("UMADSIZE before=" + sizeBefore + " after=" + Umad.umad_size());
        try (channel) {
            UmadProbe probe = new UmadProbe(channel);
            for (int i = sa ? 1 : 0; i < args.length; i++) {
                ok &= switch (args[i]) {
                    case "localport" -> probe.localPort();
                    case "nodeinfo" -> probe.nodeInfo(DrPath.parse(args[++i]));
                    case "badpath" -> probe.badPath(DrPath.parse(args[++i]));
                    case "rtt" -> probe.rtt(Integer.parseInt(args[++i]), DrPath.parse(args[++i]));
                    case "lidrouted" -> probe.lidRouted(Integer.parseInt(args[++i]));
                    case "saloop" -> probe.saLoop(Integer.parseInt(args[++i]));
                    case "awaitfile" -> awaitFile(args[++i]);
                    case "errno" -> errno();
                    case "open" -> expectOpenFailure(args[++i], Integer.parseInt(args[++i]));
                    default -> throw new IllegalArgumentException("unknown probe command " + args[i]);
                };
            }
        }
        System.exit(ok ? 0 : 1);
    }

    private boolean localPort() throws UmadException {
        LocalPort p = channel.localPort();
        UmadPort u = channel.umadPort();
        UmadCa ca = UmadDevices.ca(p.caName());
        System.out.printf("LOCALPORT ca=%s port=%d guid=0x%016x lid=%d smlid=%d state=%d phys=%d linklayer=%s"
                        + " caGuid=0x%016x caType=%s cas=%s%n", p.caName(), p.portNum(), p.portGuid(), p.lid(),
                p.smLid(), p.state(), u.physState(), u.linkLayer(), ca.nodeGuid(), ca.caType(),
                String.join(",", UmadDevices.caNames()));
        return true;
    }

    private boolean nodeInfo(DrPath path) throws IOException, InterruptedException {
        long tid = nextTid++;
        channel.send(MadAddress.directedRoute(), getNodeInfo(tid, path), MadHeader.MAD_SIZE);
        Arrival a = await(tid);
        if (a == null || a.status() != 0) {
            System.out.printf("NODEINFO path=%s result=%s%n", path, a == null ? "timeout" : "status" + a.status());
            return false;
        }
        MadHeader h = MadHeader.decode(a.mad());
        NodeInfo ni = NodeInfo.decode(a.mad(), Smp.DATA_OFFSET);
        System.out.printf("NODEINFO path=%s from=%s sentTid=0x%016x tid=0x%016x method=0x%02x status=0x%04x dbit=%d"
                        + " attr=0x%04x mod=0x%x hops=%d type=%d ports=%d nodeGuid=0x%016x portGuid=0x%016x"
                        + " localPort=%d%n", path, text(a.from()), tid, h.transactionId(), h.method(),
                Smp.status(a.mad()), Smp.isReturning(a.mad()) ? 1 : 0, h.attributeId(), h.attributeModifier(),
                Smp.hopCount(a.mad()),
                ni.nodeType(), ni.numPorts(), ni.nodeGuid(), ni.portGuid(), ni.localPortNum());
        return true;
    }

    private boolean badPath(DrPath path) throws IOException, InterruptedException {
        long tid = nextTid++;
        channel.send(MadAddress.directedRoute(), getNodeInfo(tid, path), MadHeader.MAD_SIZE);
        Arrival a = await(tid);
        String result = a == null ? "timeout" : a.status() != 0 ? "sendFailed" : "response";
        System.out.printf("BADPATH path=%s result=%s status=%d method=0x%02x%n", path, result,
                a == null ? -1 : a.status(), a == null ? -1 : MadHeader.METHOD.getInt(a.mad(), 0));
        return true;
    }

    private boolean rtt(int count, DrPath path) throws IOException, InterruptedException {
        int warmup = Math.max(1000, count / 5);
        long[] samples = new long[count];
        for (int i = -warmup; i < count; i++) {
            long tid = nextTid++;
            byte[] mad = getNodeInfo(tid, path);
            long t0 = System.nanoTime();
            channel.send(MadAddress.directedRoute(), mad, MadHeader.MAD_SIZE);
            Arrival a = await(tid);
            long t1 = System.nanoTime();
            if (a == null || a.status() != 0) {
                System.out.println("RTT result=failed at " + i);
                return false;
            }
            if (i >= 0) {
                samples[i] = t1 - t0;
            }
        }
        Arrays.sort(samples);
        System.out.printf("RTT path=%s n=%d min_us=%.1f median_us=%.1f p90_us=%.1f p99_us=%.1f max_us=%.1f%n", path,
                count, samples[0] / 1e3, samples[count / 2] / 1e3, samples[count * 9 / 10] / 1e3,
                samples[count * 99 / 100] / 1e3, samples[count - 1] / 1e3);
        return true;
    }

    private boolean lidRouted(int lid) throws IOException, InterruptedException {
        long tid = nextTid++;
        byte[] get = Smp.directedRoute(Method.GET, tid, AttributeId.PORT_INFO, 0, DrPath.local(), 0);
        channel.send(MadAddress.directedRoute(), get, MadHeader.MAD_SIZE);
        Arrival info = await(tid);
        if (info == null || info.status() != 0) {
            System.out.println("LIDROUTED result=noPortInfo");
            return false;
        }
        tid = nextTid++;
        byte[] set = Smp.directedRoute(Method.SET, tid, AttributeId.PORT_INFO, 0, DrPath.local(), 0);
        System.arraycopy(info.mad(), Smp.DATA_OFFSET, set, Smp.DATA_OFFSET, Smp.DATA_SIZE);
        PortInfo.LID.put(set, Smp.DATA_OFFSET, lid);
        PortInfo.MASTER_SM_LID.put(set, Smp.DATA_OFFSET, lid);
        PortInfo.PORT_STATE.put(set, Smp.DATA_OFFSET, 0);
        PortInfo.PORT_PHYSICAL_STATE.put(set, Smp.DATA_OFFSET, 0);
        channel.send(MadAddress.directedRoute(), set, MadHeader.MAD_SIZE);
        Arrival setResp = await(tid);
        if (setResp == null || setResp.status() != 0 || Smp.status(setResp.mad()) != 0) {
            System.out.println("LIDROUTED result=setFailed");
            return false;
        }
        tid = nextTid++;
        byte[] req = Smp.lidRouted(Method.GET, tid, AttributeId.NODE_INFO, 0, 0);
        channel.send(MadAddress.smi(lid), req, MadHeader.MAD_SIZE);
        Arrival a = await(tid);
        if (a == null || a.status() != 0) {
            System.out.printf("LIDROUTED lid=%d result=%s%n", lid, a == null ? "timeout" : "status" + a.status());
            return false;
        }
        MadHeader h = MadHeader.decode(a.mad());
        System.out.printf("LIDROUTED lid=%d from=%s class=0x%02x method=0x%02x status=0x%04x tid=0x%016x"
                        + " nodeGuid=0x%016x%n", lid, text(a.from()), h.mgmtClass(), h.method(), h.status(),
                h.transactionId(), NodeInfo.decode(a.mad(), Smp.DATA_OFFSET).nodeGuid());
        return true;
    }

    private boolean saLoop(int lid) throws IOException, InterruptedException {
        long tid = nextTid++;
        byte[] req = new byte[MadHeader.MAD_SIZE];
        new MadHeader(1, MgmtClass.SUBN_ADM.value(), 2, Method.GET.value(), 0, 0, tid,
                AttributeId.CLASS_PORT_INFO.value(), 0).encodeTo(req);
        channel.send(MadAddress.gsi(lid, 0, 0), req, MadHeader.MAD_SIZE);
        Arrival in = await(tid);
        if (in == null || in.status() != 0) {
            System.out.println("SALOOP result=" + (in == null ? "noRequest" : "status" + in.status()));
            return false;
        }
        MadHeader h = MadHeader.decode(in.mad());
        System.out.printf("SAREQ from=%s class=0x%02x version=%d method=0x%02x attr=0x%04x%n", text(in.from()),
                h.mgmtClass(), h.classVersion(), h.method(), h.attributeId());
        byte[] resp = in.mad();
        MadHeader.METHOD.put(resp, 0, Method.GET_RESP.value());
        channel.send(in.from(), resp, MadHeader.MAD_SIZE);
        Arrival back = await(tid);
        if (back == null || back.status() != 0) {
            System.out.println("SARESP result=" + (back == null ? "timeout" : "status" + back.status()));
            return false;
        }
        System.out.printf("SARESP from=%s method=0x%02x tid=0x%016x%n", text(back.from()),
                MadHeader.METHOD.getInt(back.mad(), 0), MadHeader.TRANSACTION_ID.getLong(back.mad(), 0));
        return true;
    }

    private static boolean awaitFile(String name) throws InterruptedException {
        Path file = Path.of(name);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!Files.exists(file)) {
            if (System.nanoTime() > deadline) {
                System.out.println("AWAITFILE name=" + name + " result=timeout");
                return false;
            }
            Thread.sleep(5);
        }
        return true;
    }

    /** Whether JNA preserves errno for direct-mapped calls: a failing sysfs read leaves ENOENT. */
    private static boolean errno() {
        Memory ca = new Memory(208);
        ca.clear();
        int rc = Umad.umad_get_ca("nosuchca0", ca);
        System.out.println("ERRNO rc=" + rc + " errno=" + Native.getLastError());
        return true;
    }

    private static boolean expectOpenFailure(String ca, int port) {
        try (UmadChannel c = UmadChannel.open(ca, port, UmadChannel.Options.defaults())) {
            System.out.println("OPENFAIL ca=" + ca + " port=" + port + " unexpectedly opened " + c.localPort());
            return false;
        } catch (UmadException e) {
            System.out.println("OPENFAIL ca=" + ca + " port=" + port + " reason=" + e.reason() + " message="
                    + e.getMessage());
            return true;
        }
    }

    /** An address without spaces: {@code DR} or {@code lid:7/qp:0/qkey:0x0/sl:0/pkix:0}. */
    private static String text(MadAddress a) {
        if (a instanceof MadAddress.LidRouted l) {
            return String.format("lid:%d/qp:%d/qkey:0x%x/sl:%d/pkix:%d", l.lid(), l.qpn(), l.qkey(), l.sl(),
                    l.pkeyIndex());
        }
        return String.valueOf(a);
    }

    private static byte[] getNodeInfo(long tid, DrPath path) {
        return Smp.directedRoute(Method.GET, tid, AttributeId.NODE_INFO, 0, path, 0);
    }

    /** The next arrival whose low 32 TID bits are {@code tid}'s (the transport owns the upper 32). */
    private Arrival await(long tid) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(REPLY_TIMEOUT_MS);
        for (long left = REPLY_TIMEOUT_MS * 1_000_000; left > 0; left = deadline - System.nanoTime()) {
            Arrival a = arrivals.poll(left, TimeUnit.NANOSECONDS);
            if (a != null && (int) MadHeader.TRANSACTION_ID.getLong(a.mad(), 0) == (int) tid) {
                return a;
            }
        }
        return null;
    }
}

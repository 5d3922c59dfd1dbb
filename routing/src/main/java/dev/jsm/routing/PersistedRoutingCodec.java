package dev.jsm.routing;

import dev.jsm.subnet.Lid;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/**
 * Writes a {@link PersistedRouting} to a {@link DataOutput} and reads it back: every field of the
 * {@link RoutingInput}, the {@link LftTables}, the engine's name and the options fingerprint. Big-endian, in this
 * order (version {@value #VERSION}):
 * <pre>
 *   u32 magic 0x4a534d52 ("JSMR")   u16 version
 *   utf engine   u8 fallback   utf fingerprint   i64 savedAtMillis
 *   u8 lmc   u32 S
 *   S x i64 switchGuid   S x i64 switchSystemImageGuid   S x u8 numPorts   S x u16 switchLid
 *   P x i32 portEdge   P x u8 portOperationalVls          (P = sum of numPorts + 1)
 *   (S + 1) x u32 linkStart   (linkStart[S] = edges)
 *   edges x (u16 peerSwitch, u8 localPort, u8 peerPort, u8 throttled)
 *   u16 maxLid   (maxLid + 1) x (i32 lidOwnerSwitch, u8 lidOwnerPort, i32 lidEndPort)
 *   u32 E   E x (u16 baseLid, u8 lidCount, i64 guid, i64 nodeGuid, utf description, i64 systemImageGuid,
 *               u8 isSwitch, i32 switch)
 *   u8 dataVls
 *   S x (maxLid + 1) x u8 LFT entries
 *   u32 magic again (the end)
 * </pre>
 * {@code utf} is {@link DataOutput#writeUTF}'s modified UTF-8 with a u16 length. The derived arrays
 * ({@code portStart}) are rebuilt on reading.
 *
 * <p>Stateless; thread-safe.
 *
 * <p>In detail: docs/design/routing.md#persistedroutingcodec.
 */
public final class PersistedRoutingCodec {

    /** The first and last four bytes: "JSMR". */
    public static final int MAGIC = 0x4a534d52;
    /** The format version written. */
    public static final int VERSION = 1;
    /** Longest engine name or fingerprint accepted. */
    static final int MAX_NAME_CHARS = 256;

    private PersistedRoutingCodec() {
    }

    /** Writes {@code routing} to {@code out}. */
    public static void write(PersistedRouting routing, DataOutput out) throws IOException {
        RoutingInput in = routing.input();
        out.writeInt(MAGIC);
        out.writeShort(VERSION);
        out.writeUTF(routing.engine());
        out.writeBoolean(routing.fallback());
        out.writeUTF(routing.fingerprint());
        out.writeLong(routing.savedAtMillis());
        out.writeByte(in.lmc);
        int s = in.switchCount();
        out.writeInt(s);
        writeLongs(out, in.switchGuid);
        writeLongs(out, in.switchSystemImageGuid);
        for (int n : in.switchNumPorts) {
            out.writeByte(n);
        }
        for (int lid : in.switchLid) {
            out.writeShort(lid);
        }
        for (int e : in.portEdge) {
            out.writeInt(e);
        }
        out.write(in.portOperationalVls);
        for (int e : in.linkStart) {
            out.writeInt(e);
        }
        for (int e = 0; e < in.edgeCount(); e++) {
            out.writeShort(in.peerSwitch[e]);
            out.writeByte(in.localPort[e]);
            out.writeByte(in.peerPort[e]);
            out.writeBoolean(in.edgeThrottled[e]);
        }
        out.writeShort(in.maxLid);
        for (int lid = 0; lid <= in.maxLid; lid++) {
            out.writeInt(in.lidOwnerSwitch[lid]);
            out.writeByte(in.lidOwnerPort[lid]);
            out.writeInt(in.lidEndPort[lid]);
        }
        out.writeInt(in.endPortCount());
        for (int ep = 0; ep < in.endPortCount(); ep++) {
            out.writeShort(in.endPortBaseLid[ep]);
            out.writeByte(in.endPortLidCount[ep]);
            out.writeLong(in.endPortGuid[ep]);
            out.writeLong(in.endPortNodeGuid[ep]);
            out.writeUTF(in.endPortNodeDescription[ep] == null ? "" : in.endPortNodeDescription[ep]);
            out.writeLong(in.endPortSystemImageGuid[ep]);
            out.writeBoolean(in.endPortIsSwitch[ep]);
            out.writeInt(in.endPortSwitch[ep]);
        }
        out.writeByte(in.dataVls);
        for (int sw = 0; sw < s; sw++) {
            out.write(routing.tables().lft(sw));
        }
        out.writeInt(MAGIC);
    }

    /**
     * Reads a routing written by {@link #write}.
     *
     * @param budget the most bytes the arrays may take (derive it from the file's size: a gzip stream expands at
     *     most about 1032 times)
     * @throws IOException if the data is not such a routing, is truncated, or declares more than {@code budget}
     */
    public static PersistedRouting read(DataInput in, long budget) throws IOException {
        return new Reader(in, budget).read();
    }

    private static void writeLongs(DataOutput out, long[] values) throws IOException {
        for (long v : values) {
            out.writeLong(v);
        }
    }

    /** One read, with the budget left. Confined to the calling thread. */
    private static final class Reader {

        private final DataInput in;
        private long budget;

        Reader(DataInput in, long budget) {
            this.in = in;
            this.budget = budget;
        }

        PersistedRouting read() throws IOException {
            int magic = in.readInt();
            if (magic != MAGIC) {
                throw new IOException(String.format("not a jsm routing file (magic 0x%08x, expected 0x%08x)", magic,
                        MAGIC));
            }
            int version = in.readUnsignedShort();
            if (version != VERSION) {
                throw new IOException("format version " + version + " is not known (expected " + VERSION + ")");
            }
            String engine = name("engine name");
            boolean fallback = in.readBoolean();
            String fingerprint = name("fingerprint");
            long savedAt = in.readLong();
            int lmc = in.readUnsignedByte();
            check(lmc <= Lid.MAX_LMC, "LMC " + lmc);
            RoutingInputBuilder b = new RoutingInputBuilder(lmc);
            int s = count(in.readInt(), Lid.UNICAST_MAX, "switches", 8 + 8 + 4 + 4 + 4);
            readSwitches(b, s);
            readLids(b, s);
            RoutingInput input = new RoutingInput(b);
            LftTables tables = readTables(s, b.maxLid);
            int end = in.readInt();
            check(end == MAGIC, String.format("end marker 0x%08x", end));
            return new PersistedRouting(input, tables, engine, fallback, fingerprint, savedAt);
        }

        private void readSwitches(RoutingInputBuilder b, int s) throws IOException {
            b.switchGuid = longs(s);
            b.switchSystemImageGuid = longs(s);
            b.switchNumPorts = new int[s];
            b.portStart = new int[s + 1];
            for (int sw = 0; sw < s; sw++) {
                int n = in.readUnsignedByte();
                check(n <= 254, "switch " + sw + " has " + n + " ports");
                b.switchNumPorts[sw] = n;
                b.portStart[sw + 1] = b.portStart[sw] + n + 1;
            }
            b.switchLid = new int[s];
            for (int sw = 0; sw < s; sw++) {
                b.switchLid[sw] = in.readUnsignedShort();
            }
            int p = count(b.portStart[s], Integer.MAX_VALUE, "ports", 4 + 1);
            b.portEdge = new int[p];
            for (int i = 0; i < p; i++) {
                b.portEdge[i] = in.readInt();
            }
            b.portOperationalVls = new byte[p];
            in.readFully(b.portOperationalVls);
            b.linkStart = new int[s + 1];
            for (int sw = 0; sw <= s; sw++) {
                b.linkStart[sw] = in.readInt();
                check(b.linkStart[sw] >= (sw == 0 ? 0 : b.linkStart[sw - 1]), "edges of switch " + sw);
            }
            check(b.linkStart[0] == 0, "first edge " + b.linkStart[0]);
            int edges = count(b.linkStart[s], p, "edges", 4 + 1 + 1 + 1);
            b.peerSwitch = new int[edges];
            b.localPort = new byte[edges];
            b.peerPort = new byte[edges];
            b.edgeThrottled = new boolean[edges];
            for (int e = 0; e < edges; e++) {
                b.peerSwitch[e] = in.readUnsignedShort();
                b.localPort[e] = in.readByte();
                b.peerPort[e] = in.readByte();
                b.edgeThrottled[e] = in.readBoolean();
            }
            checkSwitches(b, s, edges);
        }

        private static void checkSwitches(RoutingInputBuilder b, int s, int edges) throws IOException {
            for (int sw = 0; sw < s; sw++) {
                for (int e = b.linkStart[sw]; e < b.linkStart[sw + 1]; e++) {
                    int local = b.localPort[e] & 0xFF;
                    int peer = b.peerSwitch[e];
                    check(local >= 1 && local <= b.switchNumPorts[sw] && peer < s
                            && (b.peerPort[e] & 0xFF) >= 1 && (b.peerPort[e] & 0xFF) <= b.switchNumPorts[peer],
                            "edge " + e + " of switch " + sw);
                }
            }
            for (int i = 0; i < b.portEdge.length; i++) {
                int e = b.portEdge[i];
                check(e >= RoutingInput.PORT_TO_END_NODE && e < edges, "port " + i + " edge " + e);
            }
        }

        private void readLids(RoutingInputBuilder b, int s) throws IOException {
            int maxLid = in.readUnsignedShort();
            check(maxLid <= Lid.UNICAST_MAX, "maxLid " + maxLid);
            b.maxLid = maxLid;
            count(maxLid + 1, Lid.UNICAST_MAX + 1, "LIDs", 4 + 1 + 4);
            b.lidOwnerSwitch = new int[maxLid + 1];
            b.lidOwnerPort = new byte[maxLid + 1];
            b.lidEndPort = new int[maxLid + 1];
            for (int lid = 0; lid <= maxLid; lid++) {
                b.lidOwnerSwitch[lid] = in.readInt();
                b.lidOwnerPort[lid] = in.readByte();
                b.lidEndPort[lid] = in.readInt();
            }
            int e = count(in.readInt(), maxLid, "end ports", 4 + 4 + 8 + 8 + 8 + 1 + 4 + 64);
            b.endPortBaseLid = new int[e];
            b.endPortLidCount = new int[e];
            b.endPortGuid = new long[e];
            b.endPortNodeGuid = new long[e];
            b.endPortNodeDescription = new String[e];
            b.endPortSystemImageGuid = new long[e];
            b.endPortIsSwitch = new boolean[e];
            b.endPortSwitch = new int[e];
            for (int ep = 0; ep < e; ep++) {
                b.endPortBaseLid[ep] = in.readUnsignedShort();
                b.endPortLidCount[ep] = in.readUnsignedByte();
                b.endPortGuid[ep] = in.readLong();
                b.endPortNodeGuid[ep] = in.readLong();
                b.endPortNodeDescription[ep] = in.readUTF();
                b.endPortSystemImageGuid[ep] = in.readLong();
                b.endPortIsSwitch[ep] = in.readBoolean();
                b.endPortSwitch[ep] = in.readInt();
            }
            b.dataVls = in.readUnsignedByte();
            checkLids(b, s, e);
        }

        private static void checkLids(RoutingInputBuilder b, int s, int e) throws IOException {
            for (int lid = 0; lid <= b.maxLid; lid++) {
                int owner = b.lidOwnerSwitch[lid];
                int ep = b.lidEndPort[lid];
                check(owner >= -1 && owner < s && ep >= -1 && ep < e, "owners of LID " + lid);
            }
            for (int ep = 0; ep < e; ep++) {
                int base = b.endPortBaseLid[ep];
                int n = b.endPortLidCount[ep];
                int sw = b.endPortSwitch[ep];
                check(n >= 1 && n <= 1 << Lid.MAX_LMC && base >= 1 && base + n - 1 <= b.maxLid && sw >= -1 && sw < s
                        && (ep == 0 || base > b.endPortBaseLid[ep - 1]), "LIDs of end port " + ep);
            }
        }

        private LftTables readTables(int s, int maxLid) throws IOException {
            count(s, s, "LFT rows", maxLid + 1L);
            LftTables tables = new LftTables(s, maxLid);
            for (int sw = 0; sw < s; sw++) {
                in.readFully(tables.lft(sw));
            }
            return tables;
        }

        private long[] longs(int n) throws IOException {
            long[] values = new long[n];
            for (int i = 0; i < n; i++) {
                values[i] = in.readLong();
            }
            return values;
        }

        private String name(String what) throws IOException {
            String s = in.readUTF();
            check(s.length() <= MAX_NAME_CHARS, what + " of " + s.length() + " characters");
            return s;
        }

        /**
         * {@code n}, checked against {@code max} and charged {@code bytesEach} per element against the budget.
         */
        private int count(int n, int max, String what, long bytesEach) throws IOException {
            check(n >= 0 && n <= max, n + " " + what + " (at most " + max + ")");
            long bytes = n * bytesEach;
            if (bytes > budget) {
                throw new IOException(n + " " + what + " need more bytes than the file can hold");
            }
            budget -= bytes;
            return n;
        }

        private static void check(boolean ok, String what) throws IOException {
            if (!ok) {
                throw new IOException("bad " + what);
            }
        }
    }
}

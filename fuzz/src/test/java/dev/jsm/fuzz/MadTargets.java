package dev.jsm.fuzz;

import dev.jsm.mad.cc.CaCongestionSetting;
import dev.jsm.mad.cc.CongestionControl;
import dev.jsm.mad.cc.CongestionControlTable;
import dev.jsm.mad.cc.CongestionInfo;
import dev.jsm.mad.cc.CongestionKeyInfo;
import dev.jsm.mad.cc.CongestionLog;
import dev.jsm.mad.cc.SwitchCongestionSetting;
import dev.jsm.mad.cc.SwitchPortCongestionSetting;
import dev.jsm.mad.channel.LocalPort;
import dev.jsm.mad.channel.MadAddress;
import dev.jsm.mad.channel.MadChannel;
import dev.jsm.mad.channel.MadReceiver;
import dev.jsm.mad.codec.MadHeader;
import dev.jsm.mad.codec.Method;
import dev.jsm.mad.smp.SmpAttributes;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.sa.agent.SaAgent;
import dev.jsm.sa.codec.Gid;
import dev.jsm.sa.codec.GuidInfoRecord;
import dev.jsm.sa.codec.InformInfo;
import dev.jsm.sa.codec.InformInfoRecord;
import dev.jsm.sa.codec.LinearForwardingTableRecord;
import dev.jsm.sa.codec.LinkRecord;
import dev.jsm.sa.codec.McMemberRecord;
import dev.jsm.sa.codec.MultiPathRecord;
import dev.jsm.sa.codec.MulticastForwardingTableRecord;
import dev.jsm.sa.codec.NodeRecord;
import dev.jsm.sa.codec.PKeyTableRecord;
import dev.jsm.sa.codec.PathRecord;
import dev.jsm.sa.codec.PortInfoRecord;
import dev.jsm.sa.codec.RmppHeader;
import dev.jsm.sa.codec.SaAttribute;
import dev.jsm.sa.codec.SaHeader;
import dev.jsm.sa.codec.ServiceRecord;
import dev.jsm.sa.codec.SlToVlMappingTableRecord;
import dev.jsm.sa.codec.SmInfoRecord;
import dev.jsm.sa.codec.SwitchInfoRecord;
import dev.jsm.sa.codec.VlArbitrationTableRecord;
import dev.jsm.sa.limit.SaLimits;
import dev.jsm.sa.query.AnswerTooLargeException;
import dev.jsm.sa.query.KeptRecords;
import dev.jsm.sa.query.SaAnswer;
import dev.jsm.sa.query.SaDispatch;
import dev.jsm.sa.query.SaHandler;
import dev.jsm.sa.query.SaHandlers;
import dev.jsm.sa.query.SaRequest;
import dev.jsm.sa.query.SaSettings;
import dev.jsm.sa.query.SaView;
import dev.jsm.sa.query.SmIdentity;
import dev.jsm.sa.replica.ReplicaCodec;
import dev.jsm.sa.replica.ReplicaEntry;
import dev.jsm.sa.replica.ReplicaFrame;
import dev.jsm.sa.replica.ReplicaReceiver;
import dev.jsm.sa.replica.ReplicaSettings;
import dev.jsm.sa.replica.ReplicaSink;
import dev.jsm.sa.rmpp.RmppMessage;
import dev.jsm.sa.rmpp.RmppReceiver;
import dev.jsm.sa.rmpp.RmppSender;
import dev.jsm.sa.rmpp.RmppSettings;
import dev.jsm.sa.state.McastMemberState;
import dev.jsm.sa.state.SaState;
import dev.jsm.sa.state.ServiceState;
import dev.jsm.sim.topo.TopologyReader;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * The targets of the MAD decoders: SMP attributes (seeded with the SMPs captured from ibsim and the reference OpenSM),
 * congestion control attributes, SA records and headers, the SA's request handling behind them, and RMPP
 * reassembly. None documents an exception for a MAD of 256 bytes: whatever a peer sends, nothing may escape
 * ({@link AnswerTooLargeException} aside, which the agent answers with NO_RESOURCES). Stateless factory.
 */
final class MadTargets {

    private static final MadAddress.LidRouted PEER = new MadAddress.LidRouted(7, 1, MadAddress.QP1_QKEY, 0, 0);
    private static final Map<Integer, BiFunction<byte[], Integer, Object>> SA_RECORDS = Map.ofEntries(
            Map.entry(SaAttribute.NODE_RECORD, NodeRecord::decode),
            Map.entry(SaAttribute.PORT_INFO_RECORD, PortInfoRecord::decode),
            Map.entry(SaAttribute.SL_TO_VL_MAPPING_TABLE_RECORD, SlToVlMappingTableRecord::decode),
            Map.entry(SaAttribute.SWITCH_INFO_RECORD, SwitchInfoRecord::decode),
            Map.entry(SaAttribute.LINEAR_FORWARDING_TABLE_RECORD, LinearForwardingTableRecord::decode),
            Map.entry(SaAttribute.MULTICAST_FORWARDING_TABLE_RECORD, MulticastForwardingTableRecord::decode),
            Map.entry(SaAttribute.SM_INFO_RECORD, SmInfoRecord::decode),
            Map.entry(SaAttribute.LINK_RECORD, LinkRecord::decode),
            Map.entry(SaAttribute.GUID_INFO_RECORD, GuidInfoRecord::decode),
            Map.entry(SaAttribute.SERVICE_RECORD, ServiceRecord::decode),
            Map.entry(SaAttribute.P_KEY_TABLE_RECORD, PKeyTableRecord::decode),
            Map.entry(SaAttribute.PATH_RECORD, PathRecord::decode),
            Map.entry(SaAttribute.VL_ARBITRATION_TABLE_RECORD, VlArbitrationTableRecord::decode),
            Map.entry(SaAttribute.MC_MEMBER_RECORD, McMemberRecord::decode),
            Map.entry(SaAttribute.INFORM_INFO, InformInfo::decode),
            Map.entry(SaAttribute.INFORM_INFO_RECORD, InformInfoRecord::decode));

    private MadTargets() {
    }

    static List<FuzzTarget> all() {
        SaView view = view();
        List<byte[]> saSeeds = saSeeds(view);
        return List.of(smp(), cc(), saRecords(saSeeds), saRequests(view, saSeeds), rmpp(saSeeds), replicaFrames());
    }

    /**
     * The frames of the standby channel (the data of the vendor MADs between the SMs): decoded (the documented
     * refusal: {@link IllegalArgumentException}), encoded again to the same frame, and applied by a standby's
     * receiver in the order they come.
     */
    static FuzzTarget replicaFrames() {
        byte[] record = new byte[ServiceRecord.SIZE];
        new ServiceRecord(7, new Gid(0xfe80_0000_0000_0000L, 0x2001), 0xFFFF, 60, new byte[16], "svc", new byte[64])
                .encodeTo(record, 0);
        Gid mgid = new Gid(0xff12_0000_0000_0000L, 0x77);
        Gid port = new Gid(0xfe80_0000_0000_0000L, 0x2001);
        List<byte[]> seeds = List.of(
                padded(new ReplicaFrame(ReplicaFrame.Kind.DATA, ReplicaFrame.SNAPSHOT_BEGINS
                        | ReplicaFrame.SNAPSHOT_ENDS, 5, 1, 1, List.of(new ReplicaEntry.ServicePut(
                        new ServiceState(record, 60_000, 0x2001))))),
                padded(new ReplicaFrame(ReplicaFrame.Kind.DATA, 0, 5, 2, 1, List.of(new ReplicaEntry.GroupGone(mgid),
                        new ReplicaEntry.MemberGone(mgid, 0x2001),
                        new ReplicaEntry.MemberPut(mgid, new McastMemberState(port, 2, 1, 0))))),
                padded(ReplicaFrame.ack(5, 2, 1)));
        return new BinaryTarget("sa.replica-frames", seeds) {
            @Override
            public void run(byte[] input) {
                ReplicaFrame f = ReplicaCodec.decode(input, 0, input.length);
                byte[] again = ReplicaCodec.encode(f);
                if (!ReplicaCodec.decode(again, 0, again.length).equals(f)) {
                    throw new IllegalStateException("a frame does not encode to itself: " + f);
                }
                List<Object> applied = new ArrayList<>();
                ReplicaReceiver r = new ReplicaReceiver(f.smKey(), new ReplicaSink() {
                    @Override
                    public void apply(ReplicaEntry entry) {
                        applied.add(entry);
                    }

                    @Override
                    public void replaceAll(SaState state) {
                        applied.add(state);
                    }
                }, out -> ReplicaCodec.encode(out), ReplicaSettings.defaults());
                r.onFrame(f, 0);
                r.onFrame(new ReplicaFrame(f.kind(), f.flags() & ~ReplicaFrame.SNAPSHOT_BEGINS, f.epoch(), f.seq() + 1,
                        f.smKey(), f.entries()), 1);
            }

            @Override
            public boolean documented(Throwable t) {
                return t instanceof IllegalArgumentException && !(t instanceof NumberFormatException);
            }
        };
    }

    /** Every SMP attribute codec and the SMP dump, over the captured SMPs. */
    static FuzzTarget smp() {
        return new BinaryTarget("mad.smp-attributes", smpSeeds()) {
            @Override
            public void run(byte[] input) {
                SmpAttributes.dump(input);
                byte[] mad = Arrays.copyOf(input, MadHeader.MAD_SIZE);
                MadHeader.decode(mad).toString();
                for (SmpAttributes.Codec c : SmpAttributes.all()) {
                    String.valueOf(c.decoder().decode(mad, 64));
                }
            }
        };
    }

    /**
     * Every congestion control codec (class 0x21) on the input as a 256-byte MAD: what a device's answer to the SM's
     * Sets and Gets may hold. {@link CongestionLog} documents {@link IllegalArgumentException} for a LogType it does
     * not know.
     */
    static FuzzTarget cc() {
        return new BinaryTarget("mad.cc-attributes", ccSeeds()) {
            @Override
            public void run(byte[] input) {
                byte[] mad = Arrays.copyOf(input, MadHeader.MAD_SIZE);
                MadHeader.decode(mad).toString();
                int d = CongestionControl.DATA_OFFSET;
                Long.toHexString(CongestionControl.CC_KEY.getLong(mad, 0));
                CongestionInfo.decode(mad, d).toString();
                CongestionKeyInfo.decode(mad, d).toString();
                SwitchCongestionSetting.decode(mad, d).toString();
                SwitchPortCongestionSetting.decode(mad, d).toString();
                CaCongestionSetting.decode(mad, d).toString();
                CongestionControlTable.decode(mad, d).toString();
                try {
                    CongestionLog.decode(mad, CongestionControl.LOG_DATA_OFFSET).toString();
                } catch (IllegalArgumentException documented) {
                    // an unknown LogType: the documented refusal
                }
            }
        };
    }

    /** Every SA record codec and the SA and RMPP headers. */
    static FuzzTarget saRecords(List<byte[]> seeds) {
        return new BinaryTarget("sa.records", seeds) {
            @Override
            public void run(byte[] input) {
                byte[] mad = Arrays.copyOf(input, MadHeader.MAD_SIZE);
                MadHeader.decode(mad).toString();
                SaHeader.decode(mad).toString();
                RmppHeader.decode(mad).toString();
                for (BiFunction<byte[], Integer, Object> d : SA_RECORDS.values()) {
                    String.valueOf(d.apply(mad, SaHeader.DATA_OFFSET));
                }
                int counts = mad[SaHeader.DATA_OFFSET + 22] & 0xff;
                try {
                    MultiPathRecord.decode(mad, SaHeader.DATA_OFFSET, SaHeader.DATA_SIZE, counts & 0x0f, counts >> 4)
                            .toString();
                } catch (IllegalArgumentException documented) {
                    // GIDs beyond the MAD: the documented refusal
                }
            }
        };
    }

    /**
     * The SA's request handling as the agent does it for a single MAD: the header checks, the template decoded by its
     * ComponentMask, the answer built from a 16-host fabric.
     */
    static FuzzTarget saRequests(SaView view, List<byte[]> seeds) {
        SaDispatch dispatch = SaHandlers.table(keptStubs());
        return new BinaryTarget("sa.requests", seeds) {
            @Override
            public void run(byte[] input) {
                byte[] mad = Arrays.copyOf(input, MadHeader.MAD_SIZE);
                MadHeader h = MadHeader.decode(mad);
                SaRequest req = new SaRequest(PEER, MadHeader.METHOD.getInt(mad, 0), h.attributeId(),
                        h.attributeModifier(), h.transactionId(), SaHeader.decode(mad),
                        Arrays.copyOfRange(mad, SaHeader.DATA_OFFSET, MadHeader.MAD_SIZE), false);
                SaAnswer a = dispatch.answer(view, req, RmppHeader.isActive(mad), 0);
                a.toString();
            }

            @Override
            public boolean documented(Throwable t) {
                return t instanceof AnswerTooLargeException;
            }
        };
    }

    /** RMPP reassembly: a sequence of 256-byte segments into the SA's receiver, then its expiry. */
    static FuzzTarget rmpp(List<byte[]> saSeeds) {
        List<byte[]> seeds = new ArrayList<>();
        for (int size : new int[] {200, 600, 2000, MultiPathRecord.MAX_SIZE}) {
            byte[] header = Arrays.copyOf(saSeeds.get(0), MadHeader.MAD_SIZE);
            MadHeader.METHOD.put(header, 0, Method.GET_MULTI.value());
            MadHeader.ATTRIBUTE_ID.put(header, 0, SaAttribute.MULTI_PATH_RECORD);
            seeds.add(segments(header, new byte[size]));
        }
        return new BinaryTarget("sa.rmpp-reassembly", seeds) {
            @Override
            public void run(byte[] input) {
                RmppReceiver receiver = new RmppReceiver(NullChannel.INSTANCE, RmppSettings.defaults(),
                        SaAgent.MAX_REQUEST_BYTES, SaLimits.defaults(), (r, from) -> true);
                for (int off = 0; off < input.length; off += MadHeader.MAD_SIZE) {
                    byte[] mad = Arrays.copyOf(Arrays.copyOfRange(input, off, Math.min(input.length,
                            off + MadHeader.MAD_SIZE)), MadHeader.MAD_SIZE);
                    if (RmppHeader.isActive(mad) && RmppHeader.RMPP_TYPE.getInt(mad, 0) == RmppHeader.TYPE_DATA) {
                        RmppMessage m = receiver.onData(PEER, mad, off);
                        if (m != null) {
                            SaHeader.decode(m.header()).toString();
                        }
                    } else {
                        receiver.onControl(PEER, mad);
                    }
                }
                receiver.poll(Long.MAX_VALUE / 2);
            }
        };
    }

    /** A frame's bytes in the data of a vendor MAD. */
    private static byte[] padded(ReplicaFrame f) {
        return Arrays.copyOf(ReplicaCodec.encode(f), ReplicaFrame.MIN_BYTES);
    }

    /** The DATA segments an {@link RmppSender} sends for a message, one after the other. */
    private static byte[] segments(byte[] header, byte[] data) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        MadChannel capture = new NullChannel() {
            @Override
            public void send(MadAddress to, byte[] mad, int length) {
                out.write(mad, 0, MadHeader.MAD_SIZE);
            }
        };
        RmppSender sender = new RmppSender(capture, new RmppSettings(java.time.Duration.ofSeconds(1), 3, 1000,
                java.time.Duration.ofSeconds(10)));
        sender.send(PEER, header, data, 0);
        return out.toByteArray();
    }

    /** The SMPs of the golden captures (each {@code smpdump} line's attribute, modifier and 64 data bytes). */
    private static List<byte[]> smpSeeds() {
        List<byte[]> seeds = new ArrayList<>();
        String[] lines = Seeds.text("smp/golden-captures.txt").split("\n");
        for (int i = 0; i < lines.length; i++) {
            if (!lines[i].startsWith("--- smpdump")) {
                continue;
            }
            String[] w = lines[i].trim().split("\\s+");
            StringBuilder hex = new StringBuilder();
            for (int j = i + 1; j < lines.length && lines[j].matches("[0-9a-f]{4}( [0-9a-f]{4})*"); j++) {
                hex.append(lines[j].replace(" ", ""));
            }
            byte[] mad = new byte[MadHeader.MAD_SIZE];
            MadHeader.BASE_VERSION.put(mad, 0, 1);
            MadHeader.MGMT_CLASS.put(mad, 0, 0x81);
            MadHeader.CLASS_VERSION.put(mad, 0, 1);
            MadHeader.METHOD.put(mad, 0, Method.GET_RESP.value());
            MadHeader.ATTRIBUTE_ID.put(mad, 0, Integer.decode(w[w.length - 2]));
            MadHeader.ATTRIBUTE_MODIFIER.put(mad, 0, Long.decode(w[w.length - 1]));
            byte[] data = HexFormat.of().parseHex(hex);
            System.arraycopy(data, 0, mad, 64, Math.min(64, data.length));
            seeds.add(mad);
        }
        return seeds;
    }

    /**
     * One GetResp per congestion control attribute a manager writes or reads, with the settings of
     * {@code docs/congestion-control.md}'s worked example, and a CongestionLog of each type.
     */
    private static List<byte[]> ccSeeds() {
        List<byte[]> seeds = new ArrayList<>();
        int d = CongestionControl.DATA_OFFSET;
        byte[] sw = ccAnswer(CongestionControl.SWITCH_CONGESTION_SETTING, 0);
        new SwitchCongestionSetting(0x1F, java.math.BigInteger.valueOf(0x1E), java.math.BigInteger.valueOf(6), 15, 8,
                5, SwitchCongestionSetting.returnDelay(1, 100), 10).encodeTo(sw, d);
        seeds.add(sw);
        byte[] ports = ccAnswer(CongestionControl.SWITCH_PORT_CONGESTION_SETTING, 1);
        List<SwitchPortCongestionSetting.Element> elements = new ArrayList<>();
        for (int p = 0; p < SwitchPortCongestionSetting.PORTS_PER_BLOCK; p++) {
            elements.add(new SwitchPortCongestionSetting.Element(p % 3 != 0, p % 2, p % 16, p, 100 * p));
        }
        new SwitchPortCongestionSetting(elements).encodeTo(ports, d);
        seeds.add(ports);
        byte[] ca = ccAnswer(CongestionControl.CA_CONGESTION_SETTING, 0);
        List<CaCongestionSetting.Entry> entries = new ArrayList<>(CaCongestionSetting.zero().entries());
        entries.set(0, new CaCongestionSetting.Entry(1024, 1, 2, 0));
        entries.set(2, new CaCongestionSetting.Entry(256, 4, 8, 3));
        new CaCongestionSetting(1, 5, entries).encodeTo(ca, d);
        seeds.add(ca);
        for (int block = 0; block < 2; block++) {
            byte[] table = ccAnswer(CongestionControl.CONGESTION_CONTROL_TABLE, block);
            int[] cct = new int[CongestionControlTable.ENTRIES];
            for (int i = 0; i < cct.length && 64 * block + i < 70; i++) {
                cct[i] = CongestionControlTable.entry(i % 4, 100 + 64 * block + i);
            }
            new CongestionControlTable(69, cct).encodeTo(table, d);
            seeds.add(table);
        }
        byte[] key = ccAnswer(CongestionControl.CONGESTION_KEY_INFO, 0);
        new CongestionKeyInfo(0x1234, true, 60, 2).encodeTo(key, d);
        seeds.add(key);
        byte[] info = ccAnswer(CongestionControl.CONGESTION_INFO, 0);
        new CongestionInfo(0, 2).encodeTo(info, d);
        seeds.add(info);
        byte[] swLog = ccAnswer(CongestionControl.CONGESTION_LOG, 0);
        CongestionLog.ofSwitch(0, 3, 0x12345678L, java.math.BigInteger.valueOf(6))
                .encodeTo(swLog, CongestionControl.LOG_DATA_OFFSET);
        seeds.add(swLog);
        byte[] caLog = ccAnswer(CongestionControl.CONGESTION_LOG, 0);
        CongestionLog.ofCa(0, 3, 4, 0x100).encodeTo(caLog, CongestionControl.LOG_DATA_OFFSET);
        seeds.add(caLog);
        return seeds;
    }

    private static byte[] ccAnswer(int attributeId, long modifier) {
        byte[] mad = CongestionControl.request(Method.SET.value(), attributeId, modifier, 0x7A94, 0);
        MadHeader.METHOD.put(mad, 0, Method.GET_RESP.value());
        return mad;
    }

    /** fat2-16 as the SA sees it (no routes programmed). */
    private static SaView view() {
        try {
            return SaView.of(TopologySubnets.snapshot(TopologyReader.parse(Seeds.text("fabrics/fat2-16.net"),
                    "fat2-16.net"), 0), SmIdentity.NONE, SaSettings.defaults());
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * One GetTable and one Get request per SA record type, each carrying a record of the fabric (the first of its
     * table) as template, so the mutations start from real records.
     */
    private static List<byte[]> saSeeds(SaView view) {
        SaDispatch dispatch = SaHandlers.table(keptStubs());
        List<byte[]> seeds = new ArrayList<>();
        for (int attr : SA_RECORDS.keySet()) {
            byte[] mad = new byte[MadHeader.MAD_SIZE];
            MadHeader.BASE_VERSION.put(mad, 0, 1);
            MadHeader.MGMT_CLASS.put(mad, 0, 0x03);
            MadHeader.CLASS_VERSION.put(mad, 0, SaHeader.CLASS_VERSION);
            MadHeader.METHOD.put(mad, 0, Method.GET_TABLE.value());
            MadHeader.ATTRIBUTE_ID.put(mad, 0, attr);
            SaRequest req = new SaRequest(PEER, Method.GET_TABLE.value(), attr, 0, 1, SaHeader.decode(mad),
                    new byte[SaHeader.DATA_SIZE], false);
            SaAnswer a = dispatch.answer(view, req, false, 0);
            if (a.records() != null && a.count() > 0) {
                System.arraycopy(a.records(), 0, mad, SaHeader.DATA_OFFSET,
                        Math.min(a.recordSize(), SaHeader.DATA_SIZE));
            }
            seeds.add(mad.clone());
            MadHeader.METHOD.put(mad, 0, Method.GET.value());
            SaHeader.COMPONENT_MASK.put(mad, 0, 0x3);
            seeds.add(mad);
        }
        return seeds;
    }

    /** The records the agent keeps (services, groups, subscriptions) answer "no records" here. */
    private static KeptRecords keptStubs() {
        SaHandler none = (v, r, now) -> SaAnswer.error(0x0300, 0);
        return new KeptRecords(none, none, none, none, none, none, none, none, none, none);
    }

    /** A binary target: no exception is documented. */
    private abstract static class BinaryTarget implements FuzzTarget {
        private final String name;
        private final List<byte[]> seeds;

        BinaryTarget(String name, List<byte[]> seeds) {
            this.name = name;
            this.seeds = List.copyOf(seeds);
        }

        @Override
        public final String name() {
            return name;
        }

        @Override
        public final List<byte[]> seeds() {
            return seeds;
        }

        @Override
        public final boolean text() {
            return false;
        }

        @Override
        public boolean documented(Throwable t) {
            return false;
        }
    }

    /** A channel that sends nowhere (the receiver's ACKs and STOPs). */
    private static class NullChannel implements MadChannel {
        static final NullChannel INSTANCE = new NullChannel();

        @Override
        public LocalPort localPort() {
            return new LocalPort("fuzz", 1, 1, 1, 1, 4);
        }

        @Override
        public void send(MadAddress to, byte[] mad, int length) {
        }

        @Override
        public void setReceiver(MadReceiver receiver) {
        }

        @Override
        public void close() {
        }
    }
}

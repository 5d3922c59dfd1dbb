package dev.jsm.fuzz;

import dev.jsm.conf.ConfFile;
import dev.jsm.conf.OpenSmConfReader;
import dev.jsm.daemon.lid.LidStore;
import dev.jsm.daemon.mkey.MKeyStore;
import dev.jsm.daemon.mkey.NeighborStore;
import dev.jsm.partitions.PartitionConfig;
import dev.jsm.partitions.PartitionsParseException;
import dev.jsm.qos.enhanced.EnhancedQosParser;
import dev.jsm.qos.policy.QosPolicyException;
import dev.jsm.qos.policy.QosPolicyParser;
import dev.jsm.routing.chain.ChainPolicy;
import dev.jsm.routing.chain.TopologyPolicy;
import dev.jsm.routing.fileformat.GuidIdFile;
import dev.jsm.routing.fileformat.GuidListFile;
import dev.jsm.routing.fileformat.HopWeightsFile;
import dev.jsm.routing.fileformat.LftDumpFile;
import dev.jsm.routing.fileformat.LidMatrixDumpFile;
import dev.jsm.routing.fileformat.PortIgnoreFile;
import dev.jsm.routing.fileformat.PortOrderFile;
import dev.jsm.routing.fileformat.PrefixRoutesFile;
import dev.jsm.routing.fileformat.RoutingFileException;
import dev.jsm.routing.fileformat.TorusConfigFile;
import dev.jsm.sa.event.EventSubscriptions;
import dev.jsm.sa.limit.Refusals;
import dev.jsm.sa.limit.SaLimits;
import dev.jsm.sa.mcast.McastMembershipListener;
import dev.jsm.sa.mcast.McastRegistry;
import dev.jsm.sa.state.SaDumpReader;
import dev.jsm.sa.state.SaDumpWriter;
import dev.jsm.sim.topo.TopologyParseException;
import dev.jsm.sim.topo.TopologyReader;
import dev.jsm.subnet.portgroup.PolicyFileException;
import dev.jsm.subnet.portgroup.PortGroupPolicy;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The targets of the file formats jsm reads: opensm.conf, partitions.conf, the QoS policy, torus-2QoS.conf, the
 * routing chain policy files (port groups, topologies, steps), guid2lid, guid2mkey, neighbors, topology files and
 * the routing engines' files. Stateless factory.
 */
final class FileTargets {

    private static final List<String> GUID_WORDS = List.of("0x0002c90100000000", "0x0002c90200000011", "0x",
        "#", " ", "\t", "\n", "0", "1", "255", "256", "-1", "0xffffffffffffffff", "18446744073709551616");

    private FileTargets() {
    }

    static List<FuzzTarget> all() {
        List<FuzzTarget> all = new ArrayList<>();
        all.add(conf());
        all.add(partitions());
        all.add(qos());
        all.add(enhancedQos());
        all.add(torus());
        all.addAll(seedPolicies());
        all.add(guid2lid());
        all.add(guid2mkey());
        all.add(neighbors());
        all.add(topology());
        all.addAll(routingFiles());
        all.add(saDump());
        return all;
    }

    /**
     * opensm-sa.dump (sa_db_file): never throws; a line it cannot read is an error in the result. The groups and
     * subscriptions read are restored into the SA's registries and everything is written back, as the daemon's load
     * and next dump do.
     */
    static FuzzTarget saDump() {
        String file = """
                MC Group 0xc000  (well known): mgid=0xff12401bffff0000:0x00000000ffffffff \
                port_gid=0x0000000000000000:0x0000000000000000 qkey=0x00000b1b mlid=0xc000 mtu=0x84 tclass=0x00 \
                pkey=0xffff rate=0x83 pkt_life=0x92 sl_flow_hop=0x00000000 scope_state=0x21 proxy_join=0x0

                MC Group 0xc001 : mgid=0xff12000000000000:0x0000000000000077 \
                port_gid=0xfe80000000000000:0x0002c90000002001 qkey=0x00001234 mlid=0xc001 mtu=0x85 tclass=0x00 \
                pkey=0xffff rate=0x87 pkt_life=0x80 sl_flow_hop=0x00000000 scope_state=0x21 proxy_join=0x0

                mcm_port: port_gid=0xfe80000000000000:0x0002c90000002001 scope_state=0x21 proxy_join=0x0

                InformInfo Record: subscriber_gid=0xfe80000000000000:0x0002c90000003001 subscriber_enum=0x0 \
                InformInfo: gid=0x0000000000000000:0x0000000000000000 lid_range_begin=0xffff lid_range_end=0x0 \
                is_generic=0x1 subscribe=0x1 trap_type=0xffff trap_num=0x40 qpn_resp_time_val=0x4813 \
                node_type=0xffffff rep_addr: lid=0x0009 path_bits=0x00 static_rate=0x00 remote_qp=0x00000048 \
                remote_qkey=0x80010000 pkey_ix=0x0000 sl=0x00

                Service Record: id=0x1000000000000001 gid=0xfe80000000000000:0x0002c90000002001 pkey=0xffff \
                lease=0x3c key=0x0102030405060708:0x090a0b0c0d0e0f10 name='jsm test' \
                data8=0x0100000000000000:0x0000000000000000 data16=0x0002000000000000:0x0000000000000000 \
                data32=0x0000000300000000:0x0000000000000000 data64=0x0000000000000004:0x0000000000000000 \
                modified_time=0x6553f100 lease_period=0xffffffff

                GUIDInfo Record: base_guid=0x0002c90000002001 lid=0x0008 block_num=0x0 \
                guid0=0x0002c90000002001 guid1=0x0002c9000000a001 guid2=0x0 guid3=0x0 guid4=0x0 guid5=0x0 \
                guid6=0x0 guid7=0x0
                """;
        return new TextTarget("sa.sa-dump-file", List.of(file, Seeds.text("sa-state/reference-opensm-sa.dump")),
                List.of("MC Group", "mcm_port:", "Service Record:", "InformInfo Record:", "GUIDInfo Record:",
                        "(well known)", "0x", ":0x", "mlid=0x", "name='", "name=\"", "'", "0xffffffff",
                        "0xffffffffffffffff", "0x10000000000000000", "scope_state=0x"), null) {
            @Override
            void parse(String text) throws IOException {
                SaDumpReader.Result r = SaDumpReader.read(new BufferedReader(new StringReader(text)), "fuzz",
                        1_700_000_000_000L);
                Refusals refusals = new Refusals(Duration.ofSeconds(60));
                new McastRegistry(McastMembershipListener.NONE, SaLimits.defaults(), refusals)
                        .replaceAll(r.state().groups());
                new EventSubscriptions(SaLimits.defaults(), refusals).replaceAll(r.state().subscriptions());
                SaDumpWriter.write(r.state(), new StringBuilder());
            }
        };
    }

    /** opensm.conf: never throws; problems are listed in the result. */
    static FuzzTarget conf() {
        String small = """
                # a small opensm.conf
                routing_engine minhop,updn
                lmc 2
                sm_priority 15
                guid 0x0002c90300a1b2c1
                sweep_interval 10
                qos TRUE
                qos_sl2vl 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,7
                log_flags 0x83
                partition_config_file /etc/opensm/partitions.conf
                """;
        return new TextTarget("conf.opensm-conf", List.of(Seeds.text("conf/opensm-3.3.23-default.conf"), small),
                List.of("routing_engine", "lmc", "TRUE", "FALSE", "(null)", "guid", "sm_priority", "qos_vlarb_high",
                    "0:4,1:0", "minhop,updn", "sweep_interval", "m_key", "log_max_size", "max_wire_smps", "\n"),
                null) {
            @Override
            void parse(String text) {
                ConfFile f = OpenSmConfReader.parse("fuzz.conf", text);
                f.values().forEach((o, v) -> String.valueOf(v));
                f.errors().forEach(String::valueOf);
                f.warnings().forEach(String::valueOf);
            }
        };
    }

    static FuzzTarget partitions() {
        return new TextTarget("partitions.partitions-conf", List.of(Seeds.text("partitions/manpage-examples.conf"),
                Seeds.text("partitions/nvidia-doc-flattened.conf"), "Default=0x7fff,ipoib : ALL=full ;",
                "P=0x70,ipoib,scope=2,mtu=5,rate=7 : SELF=full,\n mgid=ff12:401b::2,sl=3\n ALL=limited;"),
                List.of("=", ",", ":", ";", "ALL", "ALL_CAS", "ALL_SWITCHES", "SELF", "NONE", "ipoib", "indx0",
                    "defmember=", "mgid=", "ff12:401b::1", "::", "rate=", "mtu=", "sl=", "scope=", "Q_Key=",
                    "TClass=", "FlowLabel=", "=full", "=limited", "=both", "0x8001", "::1.2.3.4"),
                PartitionsParseException.class) {
            @Override
            void parse(String text) throws PartitionsParseException {
                PartitionConfig.parse(text, "fuzz.conf");
            }
        };
    }

    static FuzzTarget qos() {
        List<String> seeds = Stream.of("advanced-all-keywords", "advanced-shortest", "edc-2tier", "edc-3tier",
                "hpc-mpi-lustre", "simple-all-keywords", "simple-every-ulp", "simple-shortest")
                .map(n -> Seeds.text("qos/" + n + ".conf")).toList();
        return new TextTarget("qos.policy-file", seeds, List.of("port-groups", "end-port-groups", "port-group",
                "end-port-group", "qos-setup", "end-qos-setup", "vlarb-tables", "vlarb-scope", "sl2vl-tables",
                "sl2vl-scope", "qos-levels", "qos-level", "qos-match-rules", "qos-match-rule", "qos-ulps",
                "end-qos-ulps", "name:", "use:", "sl:", "mtu-limit:", "rate-limit:", "pkey:", "port-guid:",
                "port-name:", "partition:", "node-type:", "service-id:", "qos-level-name:", "default", "any",
                "0x1-0x5", "1..5", "/P", "-", ":"), QosPolicyException.class) {
            @Override
            void parse(String text) throws QosPolicyException {
                QosPolicyParser.parse("fuzz.conf", text);
            }
        };
    }

    /** The enhanced QoS policy file (docs/enhanced-qos.md). */
    static FuzzTarget enhancedQos() {
        String example = """
                # per-SL rate limits
                BW_NAMES
                bw1 = 50
                bw2 = 25
                bw3 = 15
                bw4 = 10
                BW_RULES
                default= 1:bw1
                0x2c90000000025= 1:bw2, all:bw3
                VPORT_BW_RULES
                default= all:bw3
                0x2c90000000026= 3:bw4
                """;
        return new TextTarget("qos.enhanced-policy-file", List.of(example), List.of("BW_NAMES", "BW_RULES",
                "VPORT_BW_RULES", "default", "all", "=", ":", ",", "#", "0x", "15", "16", "1048575", "1048576",
                "0x8001c90000000025"), QosPolicyException.class) {
            @Override
            void parse(String text) throws QosPolicyException {
                EnhancedQosParser.parse("fuzz.conf", text);
            }
        };
    }

    static FuzzTarget torus() {
        return new TextTarget("routing.torus-2QoS-conf", List.of(Seeds.text("fabrics/torus-4x4x4.torus-2QoS.conf"),
                Seeds.text("fabrics/torus-6x5.torus-2QoS.conf"), Seeds.text("fabrics/tree-torus.torus-2QoS.conf"),
                Seeds.text("fabrics/tree-torus.torus-step.conf")), List.of("torus", "mesh", "xp_link", "xm_link",
                    "yp_link", "ym_link", "zp_link", "zm_link", "x_dateline", "y_dateline", "z_dateline", "seed",
                    "next_seed", "portgroup_max_ports", "max_changes", "0x0002c90100000000", "4", "-1"),
                RoutingFileException.class) {
            @Override
            void parse(String text) throws RoutingFileException {
                TorusConfigFile.parse("fuzz.conf", text);
            }
        };
    }

    /** The routing chain policy files: port groups, topologies over them, the routing chain over those. */
    static List<FuzzTarget> seedPolicies() {
        String pgrp = Seeds.text("fabrics/tree-torus.pgrp.conf");
        String topo = Seeds.text("fabrics/tree-torus.topo.conf");
        String rch = Seeds.text("fabrics/tree-torus.rch.conf");
        PortGroupPolicy groups;
        TopologyPolicy topologies;
        try {
            groups = PortGroupPolicy.parse("pgrp.conf", pgrp);
            topologies = TopologyPolicy.parse("topo.conf", topo, groups);
        } catch (PolicyFileException e) {
            throw new IllegalStateException("a seed policy does not parse", e);
        }
        List<String> words = List.of("port-group", "end-port-group", "name:", "use:", "port-guid:",
                "port-name:", "port-range:", "node-type:", "partition:", "union:", "subtract:", "ALL", "ALL_CAS",
                "ALL_SWITCHES", "ALL_ROUTERS", "SELF", "topology", "end-topology", "id:", "sw-grp:", "hca-grp:",
                "unicast-step", "end-unicast-step", "engine:", "topology:", "fallback-to:", "path-bit:", "config:",
                "minhop", "ftree", "torus-2QoS", "updn", "@1,2", "@0-255", "0x0002c90100000000-0x0002c901000000ff",
                "\"", "'");
        Set<String> engines = Set.of("minhop", "updn", "dnup", "ftree", "lash", "dor", "torus-2QoS", "sssp",
                "dfsssp", "nue", "file");
        return List.of(
                new TextTarget("subnet.port-group-policy", List.of(pgrp), words, PolicyFileException.class) {
                    @Override
                    void parse(String text) throws PolicyFileException {
                        PortGroupPolicy.parse("fuzz.conf", text);
                    }
                },
                new TextTarget("routing.topology-policy", List.of(topo), words, PolicyFileException.class) {
                    @Override
                    void parse(String text) throws PolicyFileException {
                        TopologyPolicy.parse("fuzz.conf", text, groups);
                    }
                },
                new TextTarget("routing.chain-policy", List.of(rch), words, PolicyFileException.class) {
                    @Override
                    void parse(String text) throws PolicyFileException {
                        ChainPolicy.parse("fuzz.conf", text, topologies, engines, 2);
                    }
                });
    }

    /**
     * guid2lid, through {@link LidStore#load} on a real file (the daemon's path, bytes included): nothing may escape,
     * whatever the file holds (a bad file is moved aside).
     */
    static FuzzTarget guid2lid() {
        return cacheFile("daemon.guid2lid", LidStore.FILE_NAME, List.of(Seeds.text("golden/guid2lid.sorted"),
                "0x0002c90100000000 0x0001 0x0001\n"), dir -> LidStore.load(dir).problems());
    }

    /** guid2mkey, through {@link MKeyStore#load} on a real file, as {@link #guid2lid}. */
    static FuzzTarget guid2mkey() {
        return cacheFile("daemon.guid2mkey", MKeyStore.FILE_NAME, List.of(
                "0x0002c90100000000 0x0123456789abcdef\n\n0x0002c90200000011 0x0000000000000001\n\n"),
                dir -> MKeyStore.load(dir).problems());
    }

    /** OpenSM's neighbors file, through {@link NeighborStore#load} on a real file, as {@link #guid2lid}. */
    static FuzzTarget neighbors() {
        return cacheFile("daemon.neighbors", NeighborStore.FILE_NAME, List.of(
                "0x0002c90100000000:1 0x0002c90200000011:3\n\n0x0002c90200000011:3 0x0002c90100000000:1\n\n"),
                dir -> NeighborStore.load(dir).problems());
    }

    /**
     * A record file of the cache directory: the input written as {@code fileName} in a directory of its own and
     * loaded from there by {@code load} (the daemon's path, bytes included), whose problems are read; nothing may
     * escape (a bad file is moved aside).
     */
    private static FuzzTarget cacheFile(String name, String fileName, List<String> seedTexts,
                                        Function<Path, List<String>> load) {
        Path dir;
        try {
            dir = Files.createTempDirectory(Path.of(System.getProperty("java.io.tmpdir")), "jsm-fuzz-" + fileName);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        dir.toFile().deleteOnExit();
        return new FuzzTarget() {
            private final List<byte[]> seeds = seedTexts.stream().map(String::getBytes).toList();

            @Override
            public String name() {
                return name;
            }

            @Override
            public List<byte[]> seeds() {
                return seeds;
            }

            @Override
            public boolean text() {
                return true;
            }

            @Override
            public List<String> tokens() {
                return GUID_WORDS;
            }

            @Override
            public void run(byte[] input) throws IOException {
                Files.write(dir.resolve(fileName), input);
                try {
                    load.apply(dir).forEach(String::valueOf);
                } finally {
                    try (Stream<Path> files = Files.list(dir)) {
                        for (Path p : files.toList()) {
                            Files.delete(p);
                        }
                    }
                }
            }

            @Override
            public boolean documented(Throwable t) {
                return false;
            }
        };
    }

    static FuzzTarget topology() {
        String speeds = "# jsm-alias \"rt\"[1] 0x0002c90300000001 0x0002c90300000002\nSwitch 4 \"sw\"\n"
                + "[1] \"h\"[1] speed=xdr width=4x\n[2] \"rt\"[1] w=3 s=7 e=15\n\n"
                + "Hca 1 \"h\"\n[1] \"sw\"[1] speed=ndr\n"
                + "rtguid=0x300\nRt 1 \"rt\"\n[1] \"sw\"[2] speed=fdr10 width=2x\n";
        return new TextTarget("sim.topology-file", List.of(Seeds.text("fabrics/fat2-16.net"),
                Seeds.text("fabrics/fat2-16.ibnetdiscover"), Seeds.text("fabrics/torus-6x5.net"), speeds),
                List.of("Switch", "Hca", "Ca", "Rt", "Router", "switchguid=", "caguid=", "sysimgguid=", "vendid=",
                    "devid=", "\"S-0002c90100000000\"", "[1]", "[255]", "[0]", "(0002c90100000000)", "lid 1",
                    "# \"sw\" enhanced port 0 lid 1 lmc 0", "4x", "QDR", "\"", "\t", "speed=", "width=", "xdr", "fdr10",
                    "12x", "# jsm-alias", "e=", "w="),
                TopologyParseException.class) {
            @Override
            void parse(String text) throws TopologyParseException {
                TopologyReader.parse(text, "fuzz.net");
            }
        };
    }

    /**
     * The files of the routing engines (GUID lists, ids, hop weights, ignored ports, port orders, dumps) and the SA's
     * prefix routes.
     */
    static List<FuzzTarget> routingFiles() {
        String guids = "# roots\n0x0002c90100000000\n0x0002c90100000010\n\n18446744073709551615\n";
        return List.of(
                new RoutingFileTarget("routing.guid-list-file", List.of(guids)) {
                    @Override
                    void parse(String text) throws RoutingFileException {
                        GuidListFile.parse("fuzz", text);
                    }
                },
                new RoutingFileTarget("routing.guid-id-file", List.of("0x0002c90100000000 1\n0x0002c90100000010 "
                        + "0x10 # two\n# c\n\n12345 0\n")) {
                    @Override
                    void parse(String text) throws RoutingFileException {
                        GuidIdFile.parse("fuzz", text);
                    }
                },
                new RoutingFileTarget("routing.hop-weights-file", List.of("0x0002c90100000000 1 10\n"
                        + "0x0002c90100000010 0x2 255 # heavy\n\n")) {
                    @Override
                    void parse(String text) throws RoutingFileException {
                        HopWeightsFile.parse("fuzz", text);
                    }
                },
                new RoutingFileTarget("routing.port-ignore-file", List.of("0x0002c90100000000 1\n"
                        + "# x\n0x0002c90100000010 0x24\n")) {
                    @Override
                    void parse(String text) throws RoutingFileException {
                        PortIgnoreFile.parse("fuzz", text);
                    }
                },
                new RoutingFileTarget("routing.port-order-file", List.of("0x0002c90100000000 3 1 2\n"
                        + "0x0002c90100000010 1 2 3 4 5 6 7 8 # dims\n")) {
                    @Override
                    void parse(String text) throws RoutingFileException {
                        PortOrderFile.parse("fuzz", text);
                    }
                },
                new RoutingFileTarget("routing.lft-dump-file", List.of(Seeds.text("dumps/opensm-lfts.dump"),
                        Seeds.text("dumps/dump_lfts.out"))) {
                    @Override
                    void parse(String text) throws RoutingFileException {
                        LftDumpFile.parse("fuzz", text);
                    }
                },
                new RoutingFileTarget("routing.prefix-routes-file", List.of("# to the remote subnets\n"
                        + "0xfec0000000000001 0x0002c90400000001\nfec0000000000002\t2c90400000002 extra\n* *\n")) {
                    @Override
                    void parse(String text) throws RoutingFileException {
                        PrefixRoutesFile.parse("fuzz", text);
                    }
                },
                new RoutingFileTarget("routing.lid-matrix-dump-file",
                        List.of(Seeds.text("dumps/opensm-lid-matrix.dump"))) {
                    @Override
                    void parse(String text) throws RoutingFileException {
                        LidMatrixDumpFile.parse("fuzz", text);
                    }
                });
    }

    /** A routing engine file: GUIDs and numbers, rejected with {@link RoutingFileException}. */
    private abstract static class RoutingFileTarget extends TextTarget {
        RoutingFileTarget(String name, List<String> seeds) {
            super(name, seeds, GUID_WORDS, RoutingFileException.class);
        }
    }
}

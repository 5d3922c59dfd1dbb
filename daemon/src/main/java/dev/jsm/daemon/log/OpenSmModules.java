package dev.jsm.daemon.log;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * OpenSM's log modules - its source files, the names {@code per_module_logging_file} takes ({@code osm_sm.c}, ...) -
 * and the loggers of jsm that do that work: each module names the packages or classes whose loggers its mask
 * applies to (docs/reference/opensm-behaviour.md#per-module-logging). A name that starts with {@code dev.jsm.} is
 * taken as jsm's own logger prefix.
 *
 * <p>Immutable; safe to share.
 */
final class OpenSmModules {

    private static final String D = "dev.jsm.daemon.";
    private static final String R = "dev.jsm.routing.";
    private static final Map<String, List<String>> MODULES = new TreeMap<>();

    static {
        module(List.of("dev.jsm.daemon.Main", "dev.jsm.daemon.Daemon"), "main.c", "osm_opensm.c");
        module(List.of("dev.jsm.daemon.SweepLoop", "dev.jsm.daemon.Sweeps", D + "sweep", D + "loop"),
                "osm_state_mgr.c");
        module(List.of(D + "sm"), "osm_sm.c", "osm_sm_state_mgr.c", "osm_sminfo_rcv.c", "osm_remote_sm.c");
        module(List.of("dev.jsm.mad"), "osm_sm_mad_ctrl.c", "osm_vl15intf.c", "osm_req.c", "osm_resp.c",
                "osm_mad_pool.c", "osm_vendor_ibumad.c", "osm_vendor_ibumad_sa.c");
        module(List.of(D + "discovery"), "osm_node_info_rcv.c", "osm_node_desc_rcv.c", "osm_port_info_rcv.c",
                "osm_sw_info_rcv.c", "osm_node.c", "osm_port.c", "osm_switch.c");
        module(List.of(D + "discovery.DropManager"), "osm_drop_mgr.c");
        module(List.of(D + "lid", D + "cache"), "osm_lid_mgr.c", "osm_db_files.c", "osm_db_pack.c");
        module(List.of(D + "link"), "osm_link_mgr.c", "osm_guid_mgr.c", "osm_guid_info_rcv.c");
        module(List.of(D + "route", R + "minhop", R + "verify", R + "repair", R + "chain"), "osm_ucast_mgr.c",
                "osm_lin_fwd_rcv.c");
        module(List.of(D + "route.RoutingPersistence", R + "repair"), "osm_ucast_cache.c");
        module(List.of(R + "updn"), "osm_ucast_updn.c", "osm_ucast_dnup.c");
        module(List.of(R + "ftree"), "osm_ucast_ftree.c");
        module(List.of(R + "lash"), "osm_ucast_lash.c", "osm_mesh.c");
        module(List.of(R + "dor", R + "minhop"), "osm_ucast_dor.c");
        module(List.of(R + "file", D + "route.RoutingFile"), "osm_ucast_file.c");
        module(List.of(R + "sssp"), "osm_ucast_dfsssp.c");
        module(List.of(R + "nue"), "osm_ucast_nue.c");
        module(List.of(R + "torus"), "osm_torus.c");
        module(List.of(D + "mcast", R + "mcast"), "osm_mcast_mgr.c", "osm_mcast_tbl.c", "osm_mcast_fwd_rcv.c",
                "osm_mtree.c", "osm_multicast.c", "osm_mcm_port.c");
        module(List.of(D + "pkey", "dev.jsm.partitions"), "osm_pkey_mgr.c", "osm_pkey.c", "osm_pkey_rcv.c",
                "osm_prtn.c", "osm_prtn_config.c");
        module(List.of(D + "qos", "dev.jsm.qos"), "osm_qos.c", "osm_qos_policy.c", "osm_qos_parser_y.c",
                "osm_qos_parser_l.c", "osm_slvl_map_rcv.c", "osm_vl_arb_rcv.c");
        module(List.of("dev.jsm.sa", D + "sa"), "osm_sa.c", "osm_sa_mad_ctrl.c", "osm_sa_class_port_info.c",
                "osm_sa_guidinfo_record.c", "osm_sa_informinfo.c", "osm_sa_lft_record.c", "osm_sa_link_record.c",
                "osm_sa_mcmember_record.c", "osm_sa_mft_record.c", "osm_sa_multipath_record.c",
                "osm_sa_node_record.c", "osm_sa_path_record.c", "osm_sa_pkey_record.c", "osm_sa_portinfo_record.c",
                "osm_sa_service_record.c", "osm_sa_slvl_record.c", "osm_sa_sminfo_record.c",
                "osm_sa_sw_info_record.c", "osm_sa_vlarb_record.c", "osm_inform.c", "osm_service.c");
        module(List.of(D + "trap"), "osm_trap_rcv.c");
        module(List.of(D + "perfmgr"), "osm_perfmgr.c", "osm_perfmgr_db.c");
        module(List.of(D + "cc"), "osm_congestion_control.c");
        module(List.of(D + "mgmt"), "osm_console.c", "osm_console_io.c");
        module(List.of(D + "event"), "osm_event_plugin.c");
        module(List.of("dev.jsm.conf", D + "OptionChanges"), "osm_subnet.c");
        module(List.of(D + "log"), "osm_log.c");
        module(List.of(D + "dump"), "osm_dump.c");
    }

    private OpenSmModules() {
    }

    private static void module(List<String> loggers, String... names) {
        for (String n : names) {
            MODULES.put(n, loggers);
        }
    }

    /** The logger prefixes {@code name} stands for, or empty if it is neither a known module nor a jsm logger. */
    static Optional<List<String>> loggers(String name) {
        if (name.startsWith("dev.jsm.")) {
            return Optional.of(List.of(name));
        }
        return Optional.ofNullable(MODULES.get(name));
    }

    /** Every module name known, sorted. */
    static List<String> names() {
        return List.copyOf(MODULES.keySet());
    }
}

package dev.jsm.conf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every flag of OpenSM 3.3.23's {@code main.c} exists here with the same letter, long name and arity. */
class OpenSmFlagsTest {

    /** OpenSM's short-option string (plus {@code ?}); a letter followed by ':' takes a value. */
    private static final String OPENSM_SHORT =
            "F:c:i:w:O:f:ed:D:g:l:L:s:t:a:u:m:X:R:zM:U:S:P:Y:ANZ:WBIQvVhoryxp:n:q:k:C:G:H:?";

    /**
     * OpenSM's long options as {@code name/arity/letter}; letter '-' for options without a short letter. (-J is in
     * OpenSM's table but missing from its short-option string.)
     */
    private static final String[] OPENSM_LONG = {"version/0/-", "config/1/F", "create-config/1/c", "debug/1/d",
        "guid/1/g", "ignore_guids/1/i", "hop_weights_file/1/w", "dimn_ports_file/1/O", "port_search_ordering_file/1/O",
        "lmc/1/l", "sweep/1/s", "timeout/1/t", "verbose/0/v", "D/1/D", "log_file/1/f", "log_limit/1/L",
        "erase_log_file/0/e", "Pconfig/1/P", "no_part_enforce/0/N", "part_enforce/1/Z", "allow_both_pkeys/0/W",
        "qos/0/Q", "qos_policy_file/1/Y", "congestion_control/0/-", "cc_key/1/-", "maxsmps/1/n", "console/1/q",
        "V/0/V", "help/0/h", "once/0/o", "reassign_lids/0/r", "priority/1/p", "subnet_prefix/1/-", "smkey/1/k",
        "routing_engine/1/R", "ucast_cache/0/A", "connect_roots/0/z", "lid_matrix_file/1/M", "lfts_file/1/U",
        "sadb_file/1/S", "root_guid_file/1/a", "cn_guid_file/1/u", "io_guid_file/1/G", "port-shifting/0/-",
        "scatter-ports/1/-", "max_reverse_hops/1/H", "ids_guid_file/1/m", "guid_routing_order_file/1/X",
        "stay_on_fatal/0/y", "honor_guid2lid/0/x", "console-port/1/C", "daemon/0/B", "pidfile/1/J",
        "inactive/0/I", "perfmgr/0/-", "perfmgr_sweep_time_s/1/-", "prefix_routes_file/1/-",
        "consolidate_ipv6_snm_req/0/-", "do_mesh_analysis/0/-", "lash_start_vl/1/-", "sm_sl/1/-", "retries/1/-",
        "log_prefix/1/-", "torus_config/1/-", "guid_routing_order_no_scatter/0/-", "nue_max_num_vls/1/-",
        "dump_files_dir/1/-"};

    @Test
    void everyShortLetterHasOpenSmsArity() {
        Map<String, CliFlag> byName = byName();
        for (int i = 0; i < OPENSM_SHORT.length(); i++) {
            char c = OPENSM_SHORT.charAt(i);
            if (c == ':') {
                continue;
            }
            boolean takesValue = i + 1 < OPENSM_SHORT.length() && OPENSM_SHORT.charAt(i + 1) == ':';
            CliFlag f = byName.get("-" + c);
            assertThat(f).as("-" + c).isNotNull();
            assertThat(f.takesValue()).as("-" + c).isEqualTo(takesValue);
        }
    }

    @Test
    void everyLongNameHasOpenSmsArityAndLetter() {
        Map<String, CliFlag> byName = byName();
        for (String entry : OPENSM_LONG) {
            String[] p = entry.split("/");
            CliFlag f = byName.get("--" + p[0]);
            assertThat(f).as(p[0]).isNotNull();
            assertThat(f.takesValue()).as(p[0]).isEqualTo(p[1].equals("1"));
            if (!p[2].equals("-")) {
                assertThat(f.names()).as(p[0]).contains("-" + p[2]);
            }
        }
    }

    @Test
    void theBriefsFlagsAllExist() {
        Map<String, CliFlag> byName = byName();
        for (String n : new String[] {"-g", "-R", "-Q", "-Y", "-P", "-s", "-l", "-r", "-f", "-d", "-D", "-e", "-V",
            "-v", "-F", "-c", "-t", "-a", "-u", "-G", "-H", "-i", "-A", "-B", "-p", "-x", "-U", "-M", "-o", "-L",
            "-z", "--torus_config", "--lash_start_vl", "--do_mesh_analysis", "--sim-topology", "--route-only",
            "--plan"}) {
            assertThat(byName).as(n).containsKey(n);
        }
        assertThat(byName.get("--max_wire_smps")).isSameAs(byName.get("-n"));
        assertThat(byName).doesNotContainKey("-T");
    }

    private static Map<String, CliFlag> byName() {
        Map<String, CliFlag> m = new HashMap<>();
        for (CliFlag f : OpenSmFlags.ALL) {
            f.names().forEach(n -> assertThat(m.put(n, f)).as(n).isNull());
            f.aliases().forEach(n -> assertThat(m.put(n, f)).as(n).isNull());
        }
        return m;
    }
}

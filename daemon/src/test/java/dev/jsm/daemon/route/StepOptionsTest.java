package dev.jsm.daemon.route;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.conf.OptionTable;
import dev.jsm.conf.SmOptions;
import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.chain.RoutingEngines;
import dev.jsm.subnet.portgroup.PolicyFileException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A step's own configuration file over the main options; the policies re-read, kept on errors, replaced when good.
 */
class StepOptionsTest {

    @TempDir
    Path dir;

    private static SmOptions main(String... pairs) throws Exception {
        SmOptions.Builder b = SmOptions.builder();
        for (int i = 0; i < pairs.length; i += 2) {
            b.setText(OptionTable.get(pairs[i]), pairs[i + 1]);
        }
        return b.build();
    }

    @Test
    void theStepsFileOverridesTheMainOptionsAndInheritsTheRest() throws Exception {
        Path file = Files.writeString(dir.resolve("ftree.conf"),
                "# ftree's own\nport_shifting TRUE\nroot_guid_file /etc/opensm/roots\nlmc 2\nqos_max_vls 4\n");
        List<String> warnings = new ArrayList<>();
        StepOptions.Layered l = StepOptions.read(main("scatter_ports", "7", "port_shifting", "FALSE", "lmc", "1"),
                file, warnings);
        assertThat(l.options().get(EngineOptions.PORT_SHIFTING)).isTrue();
        assertThat(l.options().get(EngineOptions.SCATTER_PORTS)).isEqualTo(7);
        assertThat(l.options().text(EngineOptions.ROOT_GUID_FILE)).contains("/etc/opensm/roots");
        assertThat(l.options().asMap()).containsEntry("lmc", "1");
        assertThat(l.fromStepFile()).containsExactly("port_shifting", "root_guid_file");
        assertThat(warnings).containsExactly(
                file + ": option 'lmc' takes effect only in the main configuration; ignored here",
                file + ": option 'qos_max_vls' takes effect only in the main configuration; ignored here");
    }

    @Test
    void aBadValueInTheStepsFileNamesTheFileAndLine() throws Exception {
        Path file = Files.writeString(dir.resolve("bad.conf"), "port_shifting TRUE\nscatter_ports many\n");
        assertThatThrownBy(() -> StepOptions.read(main(), file, new ArrayList<>()))
                .isInstanceOf(PolicyFileException.class).hasMessageStartingWith(file + ":2: option 'scatter_ports'");
    }

    @Test
    void policiesComeIntoForceWhenGoodAndStayWhenBroken() throws Exception {
        Path rch = dir.resolve("rch.conf");
        String good = "unicast-step\nid: 1\nengine: minhop\nconfig: step.conf\nend-unicast-step\n";
        Files.writeString(rch, good);
        Files.writeString(dir.resolve("step.conf"), "port_shifting TRUE\n");
        SmOptions options = main("rch_policy_file", rch.toString());
        ChainPolicies policies = new ChainPolicies(RoutingEngines.load());
        assertThat(policies.refresh(main())).isFalse();
        assertThat(policies.inForce()).isNull();

        assertThat(policies.refresh(options)).isTrue();
        var first = policies.inForce();
        assertThat(first).isNotNull();
        assertThat(policies.refresh(options)).as("nothing changed").isFalse();

        Files.writeString(rch, good.replace("engine: minhop", "engine: nosuch"));
        assertThat(policies.refresh(options)).isFalse();
        assertThat(policies.inForce()).isSameAs(first);

        Files.writeString(rch, good);
        Files.writeString(dir.resolve("step.conf"), "port_shifting FALSE\n");
        assertThat(policies.refresh(options)).as("a step's file changed").isTrue();
        assertThat(policies.inForce()).isNotSameAs(first);

        ChainPolicies fresh = new ChainPolicies(RoutingEngines.load());
        assertThat(fresh.refresh(main("rch_policy_file", dir.resolve("missing").toString()))).isFalse();
        assertThat(fresh.inForce()).as("before any good policy, routing_engine routes").isNull();
    }
}

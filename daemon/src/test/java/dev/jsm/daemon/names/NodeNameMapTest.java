package dev.jsm.daemon.names;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Without {@code node_name_map_name} the default map is read when it exists, as OpenSM reads its own. */
class NodeNameMapTest {

    @TempDir
    Path dir;

    @Test
    void theDefaultFileIsReadOnlyWhenNoMapIsNamed() throws Exception {
        Path dflt = dir.resolve("ib-node-name-map");
        assertThat(NodeNameMap.fromOption(null, dflt)).isSameAs(NodeNameMap.NONE);
        Files.writeString(dflt, "0x0002c9030000000a \"leaf-1\"\n");
        assertThat(NodeNameMap.fromOption("(null)", dflt).name(0x0002c9030000000aL, "MT4036")).isEqualTo("leaf-1");
        Path named = dir.resolve("other-map");
        Files.writeString(named, "0x0002c9030000000a \"spine-1\"\n");
        assertThat(NodeNameMap.fromOption(named.toString(), dflt).name(0x0002c9030000000aL, "MT4036"))
                .isEqualTo("spine-1");
        assertThat(NodeNameMap.fromOption(named.toString(), dflt).name(7L, "MT4036")).isEqualTo("MT4036");
    }
}

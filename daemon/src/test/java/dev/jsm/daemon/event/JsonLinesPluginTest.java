package dev.jsm.daemon.event;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The example plug-in: one JSON object per event, fields by name, GUIDs in hex, appended to the named file. */
class JsonLinesPluginTest {

    private static final Instant T = Instant.parse("2026-12-07T20:00:00.123Z");

    @TempDir
    Path dir;

    @Test
    void eachKindIsOneObjectWithItsFields() {
        assertThat(JsonLinesPlugin.toJson(new FabricEvent.Trap(T, 3, true, 1, 128, 2)))
                .isEqualTo("{\"kind\":\"TRAP\",\"time\":\"2026-12-07T20:00:00.123Z\",\"issuerLid\":3,\"generic\":true,"
                        + "\"type\":1,\"trapNumber\":128,\"producerOrVendor\":2}");
        assertThat(JsonLinesPlugin.toJson(new FabricEvent.LftChange(T, 0x2c90000000001L, false, 95, 1)))
                .isEqualTo("{\"kind\":\"LFT_CHANGE\",\"time\":\"2026-12-07T20:00:00.123Z\","
                        + "\"switchGuid\":\"0x0002c90000000001\",\"topChanged\":false,\"lftTop\":95,\"block\":1}");
        FabricEvent.PortId port = new FabricEvent.PortId(0x10L, 2, "sw \"a\"");
        assertThat(JsonLinesPlugin.toJson(new FabricEvent.PortErrors(T, port,
                Map.of("symbol_err_cnt", 5L, "link_downed", 1L), 10.5)))
                .isEqualTo("{\"kind\":\"PORT_ERRORS\",\"time\":\"2026-12-07T20:00:00.123Z\",\"port\":{\"nodeGuid\":"
                        + "\"0x0000000000000010\",\"port\":2,\"nodeName\":\"sw \\\"a\\\"\"},\"increases\":"
                        + "{\"link_downed\":1,\"symbol_err_cnt\":5},\"seconds\":10.5}");
    }

    @Test
    void theFileComesFromTheOptionsAndIsAppendedTo() throws Exception {
        Path f = dir.resolve("sub/events.jsonl");
        assertThat(JsonLinesPlugin.fileOption("x=1 jsonlines.file=" + f + " y=2")).isEqualTo(f.toString());
        assertThat(JsonLinesPlugin.fileOption("")).isEqualTo(JsonLinesPlugin.DEFAULT_FILE);
        for (int round = 0; round < 2; round++) {
            JsonLinesPlugin p = new JsonLinesPlugin();
            p.open("jsonlines.file=" + f);
            p.report(new FabricEvent.StateChange(T, "MASTER"));
            p.close();
        }
        assertThat(Files.readAllLines(f)).hasSize(2)
                .allMatch(l -> l.equals("{\"kind\":\"STATE_CHANGE\",\"time\":\"2026-12-07T20:00:00.123Z\","
                        + "\"state\":\"MASTER\"}"));
    }
}

package dev.jsm.partitions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.io.IOException;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Random mutations of the example files: whatever the text, the parser either returns a policy (which then resolves
 * and plans without error) or throws {@link PartitionsParseException} with a position inside the text. Seeded, so a
 * failure names the input that caused it. Tagged "fuzz" (excluded by default); run with
 * {@code mvn -B -ntp -o test -pl partitions -Pfuzz} (system properties {@code partitions.fuzz.inputs} and
 * {@code partitions.fuzz.seed} change the count and the seed).
 */
@Tag("fuzz")
class PartitionsFuzzTest {

    private static final int INPUTS = Integer.getInteger("partitions.fuzz.inputs", 120_000);
    private static final long SEED = Long.getLong("partitions.fuzz.seed", 0x9a7f1e5L);
    private static final String[] PIECES = {
        "=", ",", ":", ";", "#", "\n", " ", "\t", "\u00a0", "=full", "=limited", "=both", "=", "0x", "0x7fff",
        "0x8001", "ALL", "ALL_CAS", "ALL_VCAS", "ALL_SWITCHES", "ALL_ROUTERS", "SELF", "NONE", "ipoib", "indx0",
        "defmember=", "mgid=", "ff12:401b::1", "::", "ff12::", "1.2.3.4", "rate=", "mtu=", "sl=", "scope=",
        "Q_Key=", "TClass=", "FlowLabel=", "0", "1", "15", "16", "99999999999999999999", "-1", "\u0000", "é",
        "0x123451", "018", "0xffffffffffffffff", ":1", ":ffff", "1:2:3:4:5:6:7:8:9", "::1.2.3.4", "mgid=ff12:",
    };

    @Test
    void noExceptionEscapesButTheParseErrorWithAPosition() throws Exception {
        List<String> seeds = List.of(PartitionsExamplesTest.resource("manpage-examples.conf"),
                PartitionsExamplesTest.resource("nvidia-doc-flattened.conf"),
                "Default=0x7fff,ipoib : ALL=full ;", "Default=0x7fff : ALL=limited, SELF=full ;",
                "Default=0x7fff,ipoib : ALL=full;PartA=0x8001, sl=1, ipoib : ALL=full;",
                "P=0x70,ipoib,scope=2,scope=5,mtu=5,rate=7 : SELF=full,\n mgid=ff12:401b::2,sl=3\n ALL=limi;",
                referenceFiles());
        SubnetSnapshot fabric = TestFabric.examples();
        SplittableRandom random = new SplittableRandom(SEED);
        int parsed = 0;
        int rejected = 0;
        for (int i = 0; i < INPUTS; i++) {
            String text = mutate(seeds.get(random.nextInt(seeds.size())), random);
            try {
                PartitionConfig cfg = PartitionConfig.parse(text, "fuzz.conf");
                PartitionSet set = PartitionResolver.resolve(cfg, fabric, TestFabric.SM, random.nextBoolean(),
                        random.nextBoolean());
                PKeyPlanner.plan(fabric, set, HeldPKeyTables.NONE, PKeyOptions.DEFAULTS);
                parsed++;
            } catch (PartitionsParseException e) {
                String[] lines = text.split("\n", -1);
                if (e.line() < 1 || e.line() > lines.length || e.column() < 1
                        || e.column() > lines[e.line() - 1].length() + 1) {
                    fail("input %d: position %d:%d outside the text: %s%n%s", i, e.line(), e.column(),
                            e.getMessage(), text);
                }
                rejected++;
            } catch (RuntimeException | Error e) {
                throw new AssertionError("input " + i + " (seed " + SEED + ") escaped with " + e + ":\n" + text, e);
            }
        }
        assertThat(parsed + rejected).isEqualTo(INPUTS);
        assertThat(parsed).as("some mutations still parse").isPositive();
        assertThat(rejected).as("some mutations are rejected").isPositive();
    }

    /** The two partitions.conf files of the OpenSM reference transcript (indx0, both, generated P_Keys). */
    private static String referenceFiles() throws IOException {
        StringBuilder sb = new StringBuilder();
        for (String line : PartitionsExamplesTest.resource("opensm-reference.txt").split("\n")) {
            if (line.startsWith("#   ") || line.startsWith("#~  ")) {
                sb.append(line.substring(4)).append('\n');
            }
        }
        return sb.toString();
    }

    private static String mutate(String seed, SplittableRandom random) {
        StringBuilder sb = new StringBuilder(seed);
        int edits = 1 + random.nextInt(4);
        for (int k = 0; k < edits; k++) {
            int at = sb.length() == 0 ? 0 : random.nextInt(sb.length() + 1);
            switch (random.nextInt(6)) {
                case 0 -> {
                    if (at < sb.length()) {
                        sb.deleteCharAt(at);
                    }
                }
                case 1 -> sb.insert(at, (char) random.nextInt(0x20, 0x7f));
                case 2 -> sb.insert(at, PIECES[random.nextInt(PIECES.length)]);
                case 3 -> {
                    int len = random.nextInt(1, 12);
                    if (at + len <= sb.length()) {
                        sb.delete(at, at + len);
                    }
                }
                case 4 -> {
                    if (at < sb.length()) {
                        sb.setCharAt(at, (char) random.nextInt(0, 0x100));
                    }
                }
                default -> {
                    int len = random.nextInt(1, 16);
                    if (at + len <= sb.length()) {
                        sb.insert(random.nextInt(sb.length() + 1), sb.substring(at, at + len));
                    }
                }
            }
        }
        return sb.toString();
    }
}

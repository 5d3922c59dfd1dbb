package dev.jsm.qos.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Random mutations of the documented examples ({@link SeedExamples}): whatever the input, the parser either
 * returns a policy or throws its own
 * {@link QosPolicyException} with a position inside the text; no other exception escapes. Tagged "fuzz" (excluded
 * from the default build); run with
 * {@code mvn -B -ntp -o -q test -pl qos -Dtest=QosPolicyFuzzTest -Dsurefire.excludedGroups=none}.
 */
@Tag("fuzz")
class QosPolicyFuzzTest {

    private static final int INPUTS = 100_000;
    private static final long SEED = 0x5eed_004L;
    private static final String[] TOKENS = {"port-groups", "end-port-groups", "port-group", "end-port-group",
        "qos-setup", "end-qos-setup", "vlarb-tables", "vlarb-scope", "end-vlarb-scope", "end-vlarb-tables",
        "sl2vl-tables", "sl2vl-scope", "end-sl2vl-scope", "sl2vl-table:", "from: *", "to:", "qos-levels",
        "end-qos-levels", "qos-level", "end-qos-level", "qos-match-rules", "qos-match-rule", "end-qos-match-rule",
        "qos-ulps", "end-qos-ulps", "name:", "use:", "sl:", "mtu-limit:", "rate-limit:", "packet-life:",
        "path-bits:", "pkey:", "port-guid:", "port-name:", "partition:", "node-type:", "qos-class:", "source:",
        "destination:", "service-id:", "qos-level-name:", "default", "sdp", "rds", "iser", "srp", "ipoib", "any",
        ", port-num", ", pkey", ", service-id", ", target-port-guid", ", source-target-port-guid", "DEFAULT",
        "SELF", "ALL", "0x", "0x10000000000000000", "-", ":", ",", "#", "\"", "\u201C", "\u201D", "\n", "\r",
        "\t", " ", "*", "007", "09", "18446744073709551615", "4096", "65536", "/P", "/p0", "\uFFFD", "\u0000"};

    @Test
    void onlyPositionedParserErrorsEscape() {
        Random random = new Random(SEED);
        List<String> seeds = new ArrayList<>();
        for (String name : SeedExamples.ALL) {
            seeds.add(SeedExamples.text(name));
        }
        int parsed = 0;
        for (int i = 0; i < INPUTS; i++) {
            String input = mutate(seeds.get(random.nextInt(seeds.size())), random);
            try {
                QosPolicyParser.parse("fuzz.conf", input);
                parsed++;
            } catch (QosPolicyException e) {
                int lines = input.split("\n", -1).length;
                if (e.line() < 1 || e.line() > lines || e.column() < 1 || !e.getMessage().startsWith("fuzz.conf:")) {
                    fail("input " + i + " gave a bad position " + e.getMessage() + " for:\n" + input);
                }
            } catch (RuntimeException | StackOverflowError e) {
                throw new AssertionError("input " + i + " escaped with " + e + " for:\n" + input, e);
            }
        }
        assertThat(parsed).as("some mutations stay valid").isPositive().isLessThan(INPUTS);
    }

    private static String mutate(String text, Random r) {
        StringBuilder sb = new StringBuilder(text);
        int edits = 1 + r.nextInt(4);
        for (int e = 0; e < edits; e++) {
            int at = sb.length() == 0 ? 0 : r.nextInt(sb.length() + 1);
            switch (r.nextInt(7)) {
                case 0 -> sb.delete(at, Math.min(sb.length(), at + 1 + r.nextInt(12)));
                case 1 -> sb.insert(at, TOKENS[r.nextInt(TOKENS.length)]);
                case 2 -> sb.insert(at, (char) (r.nextBoolean() ? 32 + r.nextInt(95) : r.nextInt(0x2100)));
                case 3 -> {
                    if (at < sb.length()) {
                        sb.setCharAt(at, Character.forDigit(r.nextInt(16), 16));
                    }
                }
                case 4 -> sb.setLength(at);
                default -> {
                    List<String> lines = new ArrayList<>(Arrays.asList(sb.toString().split("\n", -1)));
                    int a = r.nextInt(lines.size());
                    int b = r.nextInt(lines.size());
                    if (r.nextBoolean()) {
                        lines.add(b, lines.get(a));
                    } else {
                        lines.remove(a);
                    }
                    sb.setLength(0);
                    sb.append(String.join("\n", lines));
                }
            }
        }
        return sb.toString();
    }
}

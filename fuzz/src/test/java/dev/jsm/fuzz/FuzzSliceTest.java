package dev.jsm.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A short slice of the campaign in the normal build: {@value #INPUTS} inputs of every target,
 * none escaping with an undocumented throwable. The full campaign is {@code scripts/fuzz.sh}.
 */
class FuzzSliceTest {

    private static final int INPUTS = 2_000;

    @Test
    void noTargetLetsAnUndocumentedExceptionEscape() {
        List<FuzzTarget> targets = FuzzTargets.all();
        StringBuilder findings = new StringBuilder();
        for (FuzzTarget t : targets) {
            FuzzReport r = FuzzRunner.run(t, INPUTS, 25);
            assertThat(r.accepted() + r.rejected() + r.findingCount()).isEqualTo(INPUTS);
            findings.append(r.findings().values().stream()
                    .map(f -> String.format("%s: %s (input %d)%n%s%n", t.name(), f.signature(), f.firstIndex(),
                            f.shownInput(300)))
                    .collect(Collectors.joining()));
        }
        assertThat(findings.toString()).isEmpty();
    }

    @Test
    void inputsAreReproducibleFromSeedAndIndex() {
        for (FuzzTarget t : FuzzTargets.all()) {
            assertThat(FuzzRunner.input(t, 25, 1234)).isEqualTo(FuzzRunner.input(t, 25, 1234));
        }
    }
}

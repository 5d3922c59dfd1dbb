package dev.jsm.routing.chain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.routing.EngineOptions;
import dev.jsm.routing.RoutingEngine;
import dev.jsm.routing.RoutingEngineFactory;
import dev.jsm.routing.minhop.MinHopEngine;
import dev.jsm.routing.minhop.MinHopEngineFactory;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RoutingEnginesTest {

    /** OpenSM's names of the built-in engines, in the order of the built-in table. */
    private static final String[] BUILT_IN_NAMES = {"minhop", "updn", "dnup", "dor", "file", "torus-2QoS", "lash",
        "sssp", "dfsssp", "ftree", "nue"};

    @Test
    void loadsTheBuiltInsFirst() {
        RoutingEngines known = RoutingEngines.load();

        assertThat(known.names()).startsWith("minhop").doesNotHaveDuplicates();
        assertThat(known.factory("minhop")).isInstanceOf(MinHopEngineFactory.class);
        assertThat(known.factory("minhop").create(EngineOptions.defaults())).isInstanceOf(MinHopEngine.class);
        assertThat(known.factory("nosuch")).isNull();
        assertThat(known.notes()).isEmpty();
    }

    @Test
    void everyBuiltInEngineNameIsFoundExactlyOnce() {
        RoutingEngines known = RoutingEngines.load();

        assertThat(known.names()).containsExactly(BUILT_IN_NAMES);
        for (String name : BUILT_IN_NAMES) {
            assertThat(known.factory(name).name()).isEqualTo(name);
        }
        // the second mechanism finds none of them: no META-INF/services entry lists a built-in again
        for (RoutingEngineFactory f : ServiceLoader.load(RoutingEngineFactory.class,
                RoutingEngines.class.getClassLoader())) {
            assertThat(BUILT_IN_NAMES).as(f.getClass().getName()).doesNotContain(f.name());
        }
    }

    @Test
    void serviceLoaderAddsExternalEnginesAfterTheBuiltInsAndNeverReplacesOne(@TempDir Path jar) throws IOException {
        Path services = jar.resolve("META-INF/services/" + RoutingEngineFactory.class.getName());
        Files.createDirectories(services.getParent());
        Files.writeString(services, String.join("\n", ExternalFactory.class.getName(),
                ClashingFactory.class.getName(), MinHopEngineFactory.class.getName()) + "\n");

        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()},
                RoutingEnginesTest.class.getClassLoader())) {
            RoutingEngines known = RoutingEngines.load(loader);

            assertThat(known.names()).startsWith(BUILT_IN_NAMES).endsWith("external")
                    .hasSize(BUILT_IN_NAMES.length + 1);
            assertThat(known.factory("external")).isInstanceOf(ExternalFactory.class);
            assertThat(known.factory("minhop")).isInstanceOf(MinHopEngineFactory.class);
            assertThat(known.notes()).containsExactly("routing engine 'minhop' of " + ClashingFactory.class.getName()
                    + " ignored: the name is taken by " + MinHopEngineFactory.class.getName());
        }
    }

    @Test
    void explicitListsKeepTheirOrderAndRejectDuplicates() {
        RoutingEngines known = RoutingEngines.of(List.of(new MinHopEngineFactory()));
        assertThat(known.names()).containsExactly("minhop");
        assertThat(known.toString()).isEqualTo("RoutingEngines[minhop]");

        assertThatThrownBy(() -> RoutingEngines.of(List.of(new MinHopEngineFactory(), new MinHopEngineFactory())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("two routing engines are named 'minhop'");
    }

    /** A factory of another jar that never routes; ServiceLoader needs one public no-argument class per name. */
    private abstract static class ForeignFactory implements RoutingEngineFactory {

        private final String name;

        ForeignFactory(String name) {
            this.name = name;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public RoutingEngine create(EngineOptions options) {
            throw new UnsupportedOperationException("never routes in this test");
        }
    }

    /** An engine from another jar. */
    public static final class ExternalFactory extends ForeignFactory {

        public ExternalFactory() {
            super("external");
        }
    }

    /** Another jar's engine that wants a built-in's name. */
    public static final class ClashingFactory extends ForeignFactory {

        public ClashingFactory() {
            super("minhop");
        }
    }
}

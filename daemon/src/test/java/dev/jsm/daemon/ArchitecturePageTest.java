package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.jsm.daemon.loop.SmEvents;
import dev.jsm.sim.SimFabric;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.NodeKind;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyShapes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/architecture.md held to the code: its table of the daemon's packages names every package with exactly the
 * daemon packages its main classes depend on (read from the compiled classes, as {@link ArchitectureTest}'s rules
 * are), its heavy sweep table names the stages {@code Sweeps} builds, in their order, and so does its table of the
 * other stage lists. A package, an arrow or a stage added or moved without the page fails here, naming the
 * difference.
 */
class ArchitecturePageTest {

    private static final Path PAGE = Path.of("..", "docs", "architecture.md");
    private static final String ROOT = "dev.jsm.daemon";
    /** What the package table says of the composition root, which imports them all. */
    private static final String EVERY_OTHER = "every other package";
    private static final Pattern CODE = Pattern.compile("`([^`]+)`");
    private static final Pattern HEAVY_RANGE = Pattern.compile("heavy stages (\\d+)-(\\d+)");

    @TempDir
    Path dir;

    @Test
    void thePackageTableListsEveryPackageWithTheDaemonPackagesItDependsOn() throws IOException {
        Map<String, TreeSet<String>> code = packageArrows();
        Map<String, TreeSet<String>> page = new TreeMap<>();
        for (List<String> row : table(section("## The daemon's packages"))) {
            String pkg = codeIn(row.get(0)).get(0);
            String imports = row.get(row.size() - 1);
            TreeSet<String> arrows = new TreeSet<>(imports.contains(EVERY_OTHER) ? others(code.keySet(), pkg)
                    : codeIn(imports));
            page.put(pkg, arrows);
        }
        assertThat(page).as("the package table of %s (package -> the daemon packages it imports)", PAGE)
                .isEqualTo(code);
    }

    @Test
    void theHeavySweepTableNamesTheStagesSweepsBuildsInTheirOrder() throws Exception {
        assertThat(heavyStages()).as("the stage column of the heavy sweep table in %s", PAGE)
                .isEqualTo(stageNames().get("heavy"));
    }

    @Test
    void theOtherStageListsNameTheStagesSweepsBuilds() throws Exception {
        List<String> heavy = heavyStages();
        Map<String, List<String>> page = new LinkedHashMap<>();
        for (List<String> row : table(section("### The other stage lists"))) {
            List<String> stages = new ArrayList<>();
            String cell = row.get(1);
            Matcher range = HEAVY_RANGE.matcher(cell);
            boolean thenHeavy = range.find();
            stages.addAll(codeIn(thenHeavy ? cell.substring(0, range.start()) : cell));
            if (thenHeavy) {
                stages.addAll(heavy.subList(Integer.parseInt(range.group(1)) - 1, Integer.parseInt(range.group(2))));
            }
            page.put(codeIn(row.get(0)).get(0), stages);
        }
        Map<String, List<String>> code = new LinkedHashMap<>(stageNames());
        code.remove("heavy");
        assertThat(page).as("the table of the other stage lists in %s", PAGE).isEqualTo(code);
    }

    /** The stage names of the heavy sweep table, in the table's order. */
    private static List<String> heavyStages() throws IOException {
        return table(section("## A heavy sweep, stage by stage")).stream().map(r -> codeIn(r.get(1)).get(0)).toList();
    }

    /** The stage lists of a daemon built on a small simulated fabric (not started). */
    private Map<String, List<String>> stageNames() throws Exception {
        Topology t = TopologyShapes.load("fat2:k=4");
        int ca = 0;
        while (t.node(ca).kind() != NodeKind.CA) {
            ca++;
        }
        try (SimFabric fabric = new SimFabric(t);
             SimMadChannel channel = fabric.openChannel(ca, 1);
             Daemon daemon = new Daemon(DaemonSettings.of(SimSm.options(), dir, dir), channel, new SmEvents())) {
            return daemon.stageNames();
        }
    }

    /** Each main package of the daemon, by its name below {@code dev.jsm.daemon}, with those it depends on. */
    private static Map<String, TreeSet<String>> packageArrows() {
        Map<String, TreeSet<String>> arrows = new TreeMap<>();
        for (JavaClass c : new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(ROOT)) {
            TreeSet<String> to = arrows.computeIfAbsent(shortName(c.getPackageName()), p -> new TreeSet<>());
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                String target = d.getTargetClass().getPackageName();
                if ((target.equals(ROOT) || target.startsWith(ROOT + ".")) && !target.equals(c.getPackageName())) {
                    to.add(shortName(target));
                }
            }
        }
        return arrows;
    }

    private static String shortName(String pkg) {
        return pkg.equals(ROOT) ? ROOT : pkg.substring(ROOT.length() + 1);
    }

    private static List<String> others(Iterable<String> packages, String pkg) {
        List<String> all = new ArrayList<>();
        packages.forEach(p -> {
            if (!p.equals(pkg)) {
                all.add(p);
            }
        });
        return all;
    }

    /** The text of the page from the heading {@code heading} to the next heading of any level. */
    private static String section(String heading) throws IOException {
        String page = Files.readString(PAGE, StandardCharsets.UTF_8);
        int start = page.indexOf("\n" + heading + "\n");
        assertThat(start).as("%s has a section %s", PAGE, heading).isNotNegative();
        int end = page.indexOf("\n#", start + heading.length() + 1);
        return page.substring(start, end < 0 ? page.length() : end);
    }

    /** The cells of the first table in {@code text}, row by row, without its header and separator rows. */
    private static List<List<String>> table(String text) {
        List<List<String>> rows = new ArrayList<>();
        boolean inTable = false;
        for (String line : text.split("\n")) {
            if (!line.startsWith("|")) {
                if (inTable) {
                    break;
                }
                continue;
            }
            inTable = true;
            List<String> cells = new ArrayList<>();
            for (String cell : line.substring(1, line.lastIndexOf('|')).split("\\|")) {
                cells.add(cell.strip());
            }
            rows.add(cells);
        }
        assertThat(rows).as("a table with a header, a separator and rows").hasSizeGreaterThan(2);
        return rows.subList(2, rows.size());
    }

    private static List<String> codeIn(String cell) {
        List<String> found = new ArrayList<>();
        Matcher m = CODE.matcher(cell);
        while (m.find()) {
            found.add(m.group(1));
        }
        return found;
    }
}

package dev.jsm.sa;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The rules {@code docs/architecture.md} gives the {@code sa} module, checked on its main classes (the
 * dependencies are read from the compiled classes, so an import that nothing uses breaks no rule here). A broken
 * rule fails the build and names each offending class, member and line.
 */
@AnalyzeClasses(packages = "dev.jsm.sa", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    /**
     * No package cycle inside the module. The slices are whole package names below {@code dev.jsm}, so that the
     * module's top package ({@code dev.jsm.sa} itself) is one of them.
     */
    @ArchTest
    static final ArchRule NO_PACKAGE_CYCLES = slices().matching("dev.jsm.(**)").should().beFreeOfCycles();

    /** The module's arrows in the module table: {@code mad-transport}, {@code subnet} and {@code routing}. */
    @ArchTest
    static final ArchRule MODULE_ARROWS = noClasses().that().resideInAPackage("dev.jsm.sa..").should()
            .dependOnClassesThat(resideInAPackage("dev.jsm..")
                    .and(not(resideInAnyPackage("dev.jsm.sa..", "dev.jsm.mad..",
                            "dev.jsm.subnet..", "dev.jsm.routing.."))))
            .because("docs/architecture.md: sa depends on mad-transport, subnet and routing");

    /**
     * The packages' layering, lowest first: {@code codec} and {@code limit}; {@code state}, and {@code replica} on it;
     * {@code rmpp}; {@code query}; {@code mcast}; {@code event}; {@code agent}. A layer is used only by layers above;
     * {@code replica} only by {@code agent}.
     */
    @ArchTest
    static final ArchRule LAYERS = layeredArchitecture().consideringOnlyDependenciesInLayers()
            .layer("codec").definedBy("dev.jsm.sa.codec..")
            .layer("limit").definedBy("dev.jsm.sa.limit..")
            .layer("state").definedBy("dev.jsm.sa.state..")
            .layer("replica").definedBy("dev.jsm.sa.replica..")
            .layer("rmpp").definedBy("dev.jsm.sa.rmpp..")
            .layer("query").definedBy("dev.jsm.sa.query..")
            .layer("mcast").definedBy("dev.jsm.sa.mcast..")
            .layer("event").definedBy("dev.jsm.sa.event..")
            .layer("agent").definedBy("dev.jsm.sa.agent..")
            .whereLayer("agent").mayNotBeAccessedByAnyLayer()
            .whereLayer("event").mayOnlyBeAccessedByLayers("agent")
            .whereLayer("mcast").mayOnlyBeAccessedByLayers("event", "agent")
            .whereLayer("query").mayOnlyBeAccessedByLayers("mcast", "event", "agent")
            .whereLayer("rmpp").mayOnlyBeAccessedByLayers("query", "mcast", "event", "agent")
            .whereLayer("replica").mayOnlyBeAccessedByLayers("agent")
            .whereLayer("state").mayOnlyBeAccessedByLayers("replica", "mcast", "event", "agent")
            .whereLayer("limit").mayOnlyBeAccessedByLayers("state", "rmpp", "query", "mcast", "event", "agent")
            .whereLayer("codec").mayOnlyBeAccessedByLayers("state", "replica", "rmpp", "query", "mcast", "event",
                    "agent")
            .because("docs/architecture.md: the SA packages' layering");
}

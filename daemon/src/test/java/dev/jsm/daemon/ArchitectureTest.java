package dev.jsm.daemon;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The rules {@code docs/architecture.md} gives the {@code daemon} module's packages, checked on its main classes (the
 * dependencies are read from the compiled classes, so an import that nothing uses breaks no rule here). A broken
 * rule fails the build and names each offending class, member and line. Each package's own arrows, as the page's
 * package table lists them, are checked by {@link ArchitecturePageTest}.
 */
@AnalyzeClasses(packages = "dev.jsm.daemon", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    /**
     * No package cycle inside the module. The slices are whole package names below {@code dev.jsm}, so that the
     * composition root ({@code dev.jsm.daemon} itself) is one of them.
     */
    @ArchTest
    static final ArchRule NO_PACKAGE_CYCLES = slices().matching("dev.jsm.(**)").should().beFreeOfCycles();

    /** The composition root is the top: no package of the daemon imports it. */
    @ArchTest
    static final ArchRule COMPOSITION_ROOT_ON_TOP = noClasses().that().resideInAPackage("dev.jsm.daemon..")
            .and().resideOutsideOfPackage("dev.jsm.daemon").should()
            .dependOnClassesThat().resideInAPackage("dev.jsm.daemon")
            .because("docs/architecture.md: nothing below the composition root imports it");

    /** Nothing but the composition root imports the management port, which reaches the SM through its ManagedSm. */
    @ArchTest
    static final ArchRule ONLY_THE_ROOT_IMPORTS_MGMT = noClasses().that()
            .resideOutsideOfPackages("dev.jsm.daemon", "dev.jsm.daemon.mgmt..").should()
            .dependOnClassesThat().resideInAPackage("dev.jsm.daemon.mgmt..")
            .because("docs/architecture.md: only the composition root imports mgmt");

    /**
     * The sweep machinery imports no stage package: of the daemon's packages only {@code loop}, {@code log},
     * {@code view} and the leaves {@code activity} and {@code names}.
     */
    @ArchTest
    static final ArchRule SWEEP_IMPORTS_NO_STAGE = noClasses().that().resideInAPackage("dev.jsm.daemon.sweep..")
            .should().dependOnClassesThat(resideInAPackage("dev.jsm.daemon..").and(not(resideInAnyPackage(
                    "dev.jsm.daemon.sweep..", "dev.jsm.daemon.loop..", "dev.jsm.daemon.log..",
                    "dev.jsm.daemon.view..", "dev.jsm.daemon.activity..", "dev.jsm.daemon.names.."))))
            .because("docs/architecture.md: sweep is the machinery and imports no stage package");

    /**
     * The readers on other threads - the SA bridge, the management port, systemd, the performance manager - read the
     * published view ({@code view}), never the sweep's machinery.
     */
    @ArchTest
    static final ArchRule READERS_IMPORT_THE_READ_MODEL = noClasses().that().resideInAnyPackage(
            "dev.jsm.daemon.sa..", "dev.jsm.daemon.mgmt..", "dev.jsm.daemon.systemd..", "dev.jsm.daemon.perfmgr..")
            .should().dependOnClassesThat().resideInAPackage("dev.jsm.daemon.sweep..")
            .because("docs/architecture.md: readers import the read model, not sweep");

    /** The read model imports no package of the daemon: a reader depends on the published picture only. */
    @ArchTest
    static final ArchRule READ_MODEL_IS_A_LEAF = noClasses().that().resideInAPackage("dev.jsm.daemon.view..")
            .should().dependOnClassesThat(resideInAPackage("dev.jsm.daemon..")
                    .and(not(resideInAPackage("dev.jsm.daemon.view.."))))
            .because("docs/architecture.md: view imports no daemon package");
}

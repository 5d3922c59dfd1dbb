package dev.jsm.routing;

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
 * The rules {@code docs/architecture.md} gives the {@code routing} module, checked on its main classes (the
 * dependencies are read from the compiled classes, so an import that nothing uses breaks no rule here). A broken
 * rule fails the build and names each offending class, member and line.
 */
@AnalyzeClasses(packages = "dev.jsm.routing", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    /**
     * No package cycle inside the module. The slices are whole package names below {@code dev.jsm}, so that the
     * module's top package ({@code dev.jsm.routing} itself) is one of them.
     */
    @ArchTest
    static final ArchRule NO_PACKAGE_CYCLES = slices().matching("dev.jsm.(**)").should().beFreeOfCycles();

    /** The module's arrows in the module table: {@code subnet} and {@code text}. */
    @ArchTest
    static final ArchRule MODULE_ARROWS = noClasses().that().resideInAPackage("dev.jsm.routing..").should()
            .dependOnClassesThat(resideInAPackage("dev.jsm..")
                    .and(not(resideInAnyPackage("dev.jsm.routing..", "dev.jsm.subnet..", "dev.jsm.text.."))))
            .because("docs/architecture.md: routing depends on subnet and text");

    /** An engine is a pure function of its input and options: routing never touches the transport. */
    @ArchTest
    static final ArchRule NO_TRANSPORT = noClasses().that().resideInAPackage("dev.jsm.routing..").should()
            .dependOnClassesThat().resideInAPackage("dev.jsm.mad..")
            .because("docs/architecture.md: routing never touches the transport");

    /** The engine registry and the chains are the top: no engine (no other package) imports {@code chain}. */
    @ArchTest
    static final ArchRule CHAIN_ON_TOP = noClasses().that().resideInAPackage("dev.jsm.routing..")
            .and().resideOutsideOfPackage("dev.jsm.routing.chain..").should()
            .dependOnClassesThat().resideInAPackage("dev.jsm.routing.chain..")
            .because("docs/architecture.md: no engine package imports the chain and registry package");

    /**
     * The packages' layering, lowest first: the SPI; the file readers, multicast trees and the verifier; repair;
     * balance; the engines (every other package); the chain and the registry. A layer is used only by layers above.
     */
    @ArchTest
    static final ArchRule LAYERS = layeredArchitecture().consideringOnlyDependenciesInLayers()
            .layer("SPI").definedBy("dev.jsm.routing")
            .layer("files, multicast, verifier")
            .definedBy("dev.jsm.routing.fileformat..", "dev.jsm.routing.mcast..", "dev.jsm.routing.verify..")
            .layer("repair").definedBy("dev.jsm.routing.repair..")
            .layer("balance").definedBy("dev.jsm.routing.balance..")
            .layer("engines").definedBy(resideInAPackage("dev.jsm.routing..").and(not(resideInAnyPackage(
                    "dev.jsm.routing", "dev.jsm.routing.fileformat..", "dev.jsm.routing.mcast..",
                    "dev.jsm.routing.verify..", "dev.jsm.routing.repair..", "dev.jsm.routing.balance..",
                    "dev.jsm.routing.chain.."))))
            .layer("chain").definedBy("dev.jsm.routing.chain..")
            .whereLayer("chain").mayNotBeAccessedByAnyLayer()
            .whereLayer("engines").mayOnlyBeAccessedByLayers("chain")
            .whereLayer("balance").mayNotBeAccessedByAnyLayer()
            .whereLayer("repair").mayOnlyBeAccessedByLayers("balance", "engines", "chain")
            .whereLayer("files, multicast, verifier").mayOnlyBeAccessedByLayers("repair", "balance", "engines",
                    "chain")
            .because("docs/architecture.md: the routing packages' layering");
}

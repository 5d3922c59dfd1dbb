package dev.jsm.sim;

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
 * The rules {@code docs/architecture.md} gives the {@code sim} module, checked on its main classes (the
 * dependencies are read from the compiled classes, so an import that nothing uses breaks no rule here). A broken
 * rule fails the build and names each offending class, member and line.
 */
@AnalyzeClasses(packages = "dev.jsm.sim", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    /**
     * No package cycle inside the module. The slices are whole package names below {@code dev.jsm}, so that the
     * module's top package ({@code dev.jsm.sim} itself) is one of them.
     */
    @ArchTest
    static final ArchRule NO_PACKAGE_CYCLES = slices().matching("dev.jsm.(**)").should().beFreeOfCycles();

    /** The module's arrows in the module table: {@code mad-transport} and {@code text}. */
    @ArchTest
    static final ArchRule MODULE_ARROWS = noClasses().that().resideInAPackage("dev.jsm.sim..").should()
            .dependOnClassesThat(resideInAPackage("dev.jsm..")
                    .and(not(resideInAnyPackage("dev.jsm.sim..", "dev.jsm.mad..", "dev.jsm.text.."))))
            .because("docs/architecture.md: sim depends on mad-transport and text");

    /** The simulator keeps its own state: it never imports the SM's model. */
    @ArchTest
    static final ArchRule NOT_THE_MODEL = noClasses().that().resideInAPackage("dev.jsm.sim..").should()
            .dependOnClassesThat().resideInAPackage("dev.jsm.subnet..")
            .because("docs/architecture.md: sim never imports subnet, so a model bug cannot hide in both");
}

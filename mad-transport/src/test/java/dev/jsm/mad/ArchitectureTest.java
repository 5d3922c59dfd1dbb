package dev.jsm.mad;

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
 * The rules {@code docs/architecture.md} gives the {@code mad-transport} module, checked on its main classes (the
 * dependencies are read from the compiled classes, so an import that nothing uses breaks no rule here). A broken
 * rule fails the build and names each offending class, member and line.
 */
@AnalyzeClasses(packages = "dev.jsm.mad", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    /**
     * No package cycle inside the module. The slices are whole package names below {@code dev.jsm}, so that the
     * module's top package ({@code dev.jsm.mad} itself) is one of them.
     */
    @ArchTest
    static final ArchRule NO_PACKAGE_CYCLES = slices().matching("dev.jsm.(**)").should().beFreeOfCycles();

    /** The module imports no other jsm module but {@code text} (its row in the module table). */
    @ArchTest
    static final ArchRule MODULE_ARROWS = noClasses().that().resideInAPackage("dev.jsm.mad..").should()
            .dependOnClassesThat(resideInAPackage("dev.jsm..")
                    .and(not(resideInAnyPackage("dev.jsm.mad..", "dev.jsm.text.."))))
            .because("docs/architecture.md: mad-transport depends on text only");
}

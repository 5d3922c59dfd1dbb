package dev.jsm.qos;

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
 * The rules {@code docs/architecture.md} gives the {@code qos} module, checked on its main classes (the
 * dependencies are read from the compiled classes, so an import that nothing uses breaks no rule here). A broken
 * rule fails the build and names each offending class, member and line.
 */
@AnalyzeClasses(packages = "dev.jsm.qos", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    /**
     * No package cycle inside the module. The slices are whole package names below {@code dev.jsm}, so that the
     * module's top package ({@code dev.jsm.qos} itself) is one of them.
     */
    @ArchTest
    static final ArchRule NO_PACKAGE_CYCLES = slices().matching("dev.jsm.(**)").should().beFreeOfCycles();

    /** The module's arrows in the module table: {@code conf}, {@code subnet} and {@code text}. */
    @ArchTest
    static final ArchRule MODULE_ARROWS = noClasses().that().resideInAPackage("dev.jsm.qos..").should()
            .dependOnClassesThat(resideInAPackage("dev.jsm..")
                    .and(not(resideInAnyPackage("dev.jsm.qos..", "dev.jsm.conf..",
                            "dev.jsm.subnet..", "dev.jsm.text.."))))
            .because("docs/architecture.md: qos depends on conf, subnet and text");

    /** QoS planning never touches the transport. */
    @ArchTest
    static final ArchRule NO_TRANSPORT = noClasses().that().resideInAPackage("dev.jsm.qos..").should()
            .dependOnClassesThat().resideInAPackage("dev.jsm.mad..")
            .because("docs/architecture.md: qos never touches the transport");
}

package dev.jsm.daemon.activity;

import static dev.jsm.daemon.activity.ActivitySubject.MC;
import static dev.jsm.daemon.activity.ActivitySubject.PRTN;
import static dev.jsm.daemon.activity.ActivitySubject.ROUTING;
import static dev.jsm.daemon.activity.ActivitySubject.VIRT;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@code activity_report_subjects} read as NVIDIA's OpenSM documents it: subjects, {@code all}, {@code none}. */
class ActivitySubjectsTest {

    @Test
    void noneAndUnsetSwitchEverythingOff() {
        assertThat(ActivitySubjects.parse("none").isNone()).isTrue();
        assertThat(ActivitySubjects.parse(null).isNone()).isTrue();
        for (Activity a : Activity.values()) {
            assertThat(ActivitySubjects.parse("none").reports(a)).isFalse();
        }
    }

    @Test
    void allSwitchesEverySubjectOn() {
        ActivitySubjects s = ActivitySubjects.parse("all");
        assertThat(s.enabled()).containsExactlyInAnyOrder(MC, PRTN, VIRT, ROUTING);
        assertThat(s.problems()).isEmpty();
        for (Activity a : Activity.values()) {
            assertThat(s.reports(a)).isTrue();
        }
    }

    @Test
    void aListSwitchesOnItsSubjectsWithTheSeedsActivityIds() {
        ActivitySubjects s = ActivitySubjects.parse(" mc , Routing,,none");
        assertThat(s.enabled()).containsExactlyInAnyOrder(MC, ROUTING);
        assertThat(s.problems()).isEmpty();
        assertThat(idsReported("mc")).containsExactly(1, 2, 8);
        assertThat(idsReported("prtn")).containsExactly(3, 4, 5);
        assertThat(idsReported("virt")).containsExactly(6, 7);
        assertThat(idsReported("routing")).containsExactly(8, 9, 10, 11, 12);
    }

    @Test
    void anUnknownSubjectIsNamedAndIgnored() {
        ActivitySubjects s = ActivitySubjects.parse("prtn,multicast");
        assertThat(s.enabled()).containsExactly(PRTN);
        assertThat(s.problems()).singleElement().asString()
                .contains("'multicast'", "mc, prtn, virt, routing", "all", "none");
    }

    private static int[] idsReported(String value) {
        ActivitySubjects s = ActivitySubjects.parse(value);
        return java.util.Arrays.stream(Activity.values()).filter(s::reports).mapToInt(Activity::id).toArray();
    }
}

package dev.jsm.mad.ibsim;

/** A child main for {@link IbsimHarnessIT} that prints one line and then never ends on its own. */
public final class SleepMain {

    private SleepMain() {
    }

    /** Prints {@code SLEEPING} and sleeps until killed. */
    public static void main(String[] args) throws InterruptedException {
        System.out.println("SLEEPING");
        Thread.sleep(Long.MAX_VALUE);
    }
}

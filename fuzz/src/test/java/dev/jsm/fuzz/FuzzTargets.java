package dev.jsm.fuzz;

import java.util.ArrayList;
import java.util.List;

/** Every fuzz target of the campaign, in report order. Stateless. */
final class FuzzTargets {

    private FuzzTargets() {
    }

    /** All targets (built afresh: some hold a scratch directory or a fabric). */
    static List<FuzzTarget> all() {
        List<FuzzTarget> all = new ArrayList<>(FileTargets.all());
        all.addAll(MadTargets.all());
        return all;
    }
}

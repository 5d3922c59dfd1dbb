package dev.jsm.sim.topo;

import static dev.jsm.sim.topo.FabricAssembler.pad;
import static dev.jsm.sim.topo.FabricAssembler.require;
import static dev.jsm.sim.topo.FabricAssembler.width;

/**
 * A three-level folded Clos (fat tree) of {@code radix}-port switches in {@code pods} pods. A pod has
 * {@code leavesPerPod} leaves with {@code hostsPerLeaf} hosts each and {@code midsPerPod} middle switches; every leaf
 * is cabled to every mid of its pod. Cores come in {@code midsPerPod} groups of {@code coresPerGroup}: mid {@code j}
 * of every pod is cabled to every core of group {@code j}. Parallel link counts follow from the ports left:
 * {@link #leafMidLinks()} = (radix - hosts) / mids, {@link #midCoreLinks()} = (radix - leaves * leafMidLinks) /
 * cores.
 *
 * <p>Immutable; safe to share.
 *
 * @param radix ports per switch
 * @param pods number of pods
 * @param leavesPerPod leaf switches per pod
 * @param midsPerPod middle switches per pod (= number of core groups)
 * @param coresPerGroup core switches per group
 * @param hostsPerLeaf hosts on each leaf
 *
 * <p>In detail: docs/design/sim.md#threelevelfattree.
 */
public record ThreeLevelFatTree(int radix, int pods, int leavesPerPod, int midsPerPod, int coresPerGroup,
                                int hostsPerLeaf) {

    /** Checks that every switch has the ports it needs. */
    public ThreeLevelFatTree {
        String shape = "fat3";
        require(radix >= 2 && radix <= 254, shape, "radix must be 2..254, not " + radix);
        require(pods >= 1 && leavesPerPod >= 1 && midsPerPod >= 1 && coresPerGroup >= 1 && hostsPerLeaf >= 0, shape,
                "pods, leaves, mids and cores must be at least 1 and hosts at least 0");
        int a = (radix - hostsPerLeaf) / midsPerPod;
        require(a >= 1, shape, "a leaf with " + hostsPerLeaf + " hosts has no port left for " + midsPerPod + " mids");
        int b = (radix - leavesPerPod * a) / coresPerGroup;
        require(b >= 1, shape, "a mid with " + leavesPerPod + "*" + a + " down links has no port left for "
                + coresPerGroup + " cores");
        require((long) pods * b <= radix, shape, "a core needs " + pods + "*" + b + " ports, more than radix "
                + radix);
    }

    /** The standard full tree: {@code radix} pods, {@code radix/2} leaves, mids, cores per group and hosts. */
    public static ThreeLevelFatTree of(int radix) {
        return of(radix, radix);
    }

    /** The standard tree with fewer pods (cores keep {@code radix} ports, some unused). */
    public static ThreeLevelFatTree of(int radix, int pods) {
        int half = radix / 2;
        return new ThreeLevelFatTree(radix, pods, half, half, half, half);
    }

    /** Parallel cables between a leaf and each mid of its pod. */
    public int leafMidLinks() {
        return (radix - hostsPerLeaf) / midsPerPod;
    }

    /** Parallel cables between a mid and each core of its group. */
    public int midCoreLinks() {
        return (radix - leavesPerPod * leafMidLinks()) / coresPerGroup;
    }

    /** The canonical shape string of this tree (see {@link TopologyShapes}). */
    public String shape() {
        return "fat3:radix=" + radix + ",pods=" + pods + ",leaves=" + leavesPerPod + ",mids=" + midsPerPod + ",cores="
                + coresPerGroup + ",hosts=" + hostsPerLeaf;
    }

    /** Generates the fabric. */
    public Topology build() {
        int leaves = pods * leavesPerPod;
        int mids = pods * midsPerPod;
        FabricAssembler f = new FabricAssembler(leaves + mids + midsPerPod * coresPerGroup, leaves * hostsPerLeaf);
        int wp = width(pods);
        int wl = width(leavesPerPod);
        int wm = width(midsPerPod);
        int wc = width(coresPerGroup);
        int wh = width(hostsPerLeaf);
        for (int p = 0; p < pods; p++) {
            for (int i = 0; i < leavesPerPod; i++) {
                f.addSwitch("leaf-p" + pad(p, wp) + "-" + pad(i, wl), radix);
            }
        }
        for (int p = 0; p < pods; p++) {
            for (int j = 0; j < midsPerPod; j++) {
                f.addSwitch("mid-p" + pad(p, wp) + "-" + pad(j, wm), radix);
            }
        }
        for (int g = 0; g < midsPerPod; g++) {
            for (int c = 0; c < coresPerGroup; c++) {
                f.addSwitch("core-g" + pad(g, wm) + "-" + pad(c, wc), radix);
            }
        }
        int a = leafMidLinks();
        int b = midCoreLinks();
        for (int p = 0; p < pods; p++) {
            for (int i = 0; i < leavesPerPod; i++) {
                int leaf = p * leavesPerPod + i;
                String prefix = "host-p" + pad(p, wp) + "-" + pad(i, wl) + "-";
                for (int h = 0; h < hostsPerLeaf; h++) {
                    f.hostLink(f.addHost(prefix + pad(h, wh)), leaf, h + 1);
                }
                for (int j = 0; j < midsPerPod; j++) {
                    for (int l = 0; l < a; l++) {
                        f.switchLink(leaf, hostsPerLeaf + j * a + l + 1, leaves + p * midsPerPod + j, i * a + l + 1);
                    }
                }
            }
            for (int j = 0; j < midsPerPod; j++) {
                int mid = leaves + p * midsPerPod + j;
                for (int c = 0; c < coresPerGroup; c++) {
                    for (int l = 0; l < b; l++) {
                        f.switchLink(mid, leavesPerPod * a + c * b + l + 1, leaves + mids + j * coresPerGroup + c,
                                p * b + l + 1);
                    }
                }
            }
        }
        return f.build();
    }
}

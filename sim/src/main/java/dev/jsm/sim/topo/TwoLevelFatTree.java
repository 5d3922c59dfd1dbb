package dev.jsm.sim.topo;

import static dev.jsm.sim.topo.FabricAssembler.pad;
import static dev.jsm.sim.topo.FabricAssembler.require;
import static dev.jsm.sim.topo.FabricAssembler.width;

/**
 * A two-level fat tree (leaf/spine): {@code leaves} leaf switches with {@code hostsPerLeaf} hosts each, every leaf
 * cabled to every one of {@code spines} spine switches by {@code linksPerPair} parallel links. All switches have
 * {@code radix} ports.
 *
 * <p>Cabling, as in the example fabrics: leaf port {@code 1..H} = its hosts, then for spine {@code s} and link
 * {@code l} leaf port {@code H + s*links + l + 1}; on the spine that cable is port {@code leaf*links + l + 1}. Names
 * {@code leaf-NN}, {@code spine-NN}, {@code host-LL-HH} (zero-padded to the width of the largest index). GUIDs and node
 * order as {@link FabricAssembler} describes. {@code full(36)} is the 648-host {@code fat2-648} fabric.
 *
 * <p>Immutable; safe to share.
 *
 * @param radix ports per switch
 * @param leaves leaf switches
 * @param spines spine switches
 * @param hostsPerLeaf hosts on each leaf
 * @param linksPerPair parallel cables between each leaf and each spine
 */
public record TwoLevelFatTree(int radix, int leaves, int spines, int hostsPerLeaf, int linksPerPair) {

    /** Checks that every switch has the ports it needs. */
    public TwoLevelFatTree {
        String shape = "fat2";
        require(radix >= 2 && radix <= 254, shape, "radix must be 2..254, not " + radix);
        require(leaves >= 1 && spines >= 1 && linksPerPair >= 1 && hostsPerLeaf >= 0, shape,
                "leaves, spines and links must be at least 1 and hosts at least 0");
        require(hostsPerLeaf + (long) spines * linksPerPair <= radix, shape, "a leaf needs " + hostsPerLeaf + " + "
                + spines + "*" + linksPerPair + " ports, more than radix " + radix);
        require((long) leaves * linksPerPair <= radix, shape, "a spine needs " + leaves + "*" + linksPerPair
                + " ports, more than radix " + radix);
    }

    /** The full tree of {@code radix}-port switches: radix leaves, radix/2 spines, radix/2 hosts per leaf. */
    public static TwoLevelFatTree full(int radix) {
        return new TwoLevelFatTree(radix, radix, radix / 2, radix / 2, 1);
    }

    /** The canonical shape string of this tree (see {@link TopologyShapes}). */
    public String shape() {
        return "fat2:radix=" + radix + ",leaves=" + leaves + ",spines=" + spines + ",hosts=" + hostsPerLeaf + ",links="
                + linksPerPair;
    }

    /** Generates the fabric. */
    public Topology build() {
        FabricAssembler f = new FabricAssembler(leaves + spines, leaves * hostsPerLeaf);
        int wl = width(leaves);
        int wh = width(hostsPerLeaf);
        int ws = width(spines);
        for (int i = 0; i < leaves; i++) {
            f.addSwitch("leaf-" + pad(i, wl), radix);
        }
        for (int s = 0; s < spines; s++) {
            f.addSwitch("spine-" + pad(s, ws), radix);
        }
        for (int i = 0; i < leaves; i++) {
            String prefix = "host-" + pad(i, wl) + "-";
            for (int h = 0; h < hostsPerLeaf; h++) {
                f.hostLink(f.addHost(prefix + pad(h, wh)), i, h + 1);
            }
            for (int s = 0; s < spines; s++) {
                for (int l = 0; l < linksPerPair; l++) {
                    f.switchLink(i, hostsPerLeaf + s * linksPerPair + l + 1, leaves + s, i * linksPerPair + l + 1);
                }
            }
        }
        return f.build();
    }
}

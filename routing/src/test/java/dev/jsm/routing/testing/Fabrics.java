package dev.jsm.routing.testing;

/**
 * Shape strings of the generated fabrics the routing tests share.
 */
public final class Fabrics {

    /** 2-level fat tree: 4 leaves of 4 hosts, 2 spines, 2 parallel links per leaf-spine pair (16 hosts). */
    public static final String FAT2_16 = "fat2:k=8,leaves=4,spines=2,hosts=4";
    /** The full 2-level fat tree of 36-port switches: 36 leaves of 18 hosts, 18 spines (648 hosts). */
    public static final String FAT2_648 = "fat2:k=36";
    /** A small 3-level fat tree of 8-port switches: 8 pods of 4 leaves and 4 mids, 16 cores (128 hosts). */
    public static final String FAT3_128 = "fat3:k=8";
    /** A 1-dimensional torus: a ring of 6 switches, one host each. */
    public static final String RING_6 = "torus:dims=6";

    private Fabrics() {
    }
}

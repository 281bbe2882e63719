#version 300 es

// TransitionMain.frag: the main of a transition's program, after Transition.frag and the
// transition's own file (Crossfade.frag, Dip.frag, ...). TransitionPass.swift specialises it
// with `LUMA` for the pass that writes Y' (Cb and Cr without it), and with `MOVED` true for a
// transition that moves its pictures (slide, push), whose inputs are read where they moved to.

void main() {
#ifdef LUMA
    writeLuma(MOVED);
#else
    writeChroma(MOVED);
#endif
}

// tdoku's solver, counted to two and timed in this thread's CPU time: the peer of
// `crates/native/examples/fast9_rate` for `tdoku.sh`. Ours, not tdoku's: it links tdoku's
// `TdokuSolverDpllTriadSimd` (src/solver_dpll_triad_simd.cc, src/util.cc of a tdoku checkout)
// and replaces its `run_benchmark`, whose clock is the wall clock (steady_clock), so that on a
// shared machine the two sides are timed alike.
//
//   tdoku_count SECS FILE...
//
// For each file: every puzzle (81 characters, digits or `.`/`0` for empty; lines starting
// with `#` skipped) is parsed once, one untimed pass checks that each has a solution, then
// whole passes run for at least SECS seconds of thread CPU time, and one row is printed in
// fast9_rate's table shape: puzzles per CPU second, µs a puzzle, % solved without a guess,
// guesses a puzzle.
#include <time.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "tdoku.h"

static double thread_cpu_seconds() {
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: tdoku_count SECS FILE...\n");
        return 2;
    }
    double secs = std::atof(argv[1]);
    for (int f = 2; f < argc; f++) {
        std::ifstream in(argv[f]);
        if (!in) {
            std::fprintf(stderr, "%s: cannot read\n", argv[f]);
            return 2;
        }
        std::vector<std::string> puzzles;
        std::string line;
        while (std::getline(in, line)) {
            if (line.size() < 81 || line[0] == '#') continue;
            std::string p = line.substr(0, 81);
            for (char &ch : p) {
                if (ch < '1' || ch > '9') ch = '.';  // tdoku wants '.', never '0', for empty
            }
            puzzles.push_back(p + '\n');  // input[81] below '.': a plain puzzle, not pencilmarks
        }
        if (puzzles.empty()) {
            std::fprintf(stderr, "%s: no puzzles\n", argv[f]);
            return 2;
        }
        char solution[82];
        size_t guesses = 0;
        for (const std::string &p : puzzles) {
            if (TdokuSolverDpllTriadSimd(p.c_str(), 2, 0, solution, &guesses) == 0) {
                std::fprintf(stderr, "%s: a puzzle has no solution\n", argv[f]);
                return 1;
            }
        }
        unsigned long long passes = 0, total_guesses = 0, no_guess = 0, sink = 0;
        double start = thread_cpu_seconds(), took = 0;
        do {
            for (const std::string &p : puzzles) {
                sink += TdokuSolverDpllTriadSimd(p.c_str(), 2, 0, solution, &guesses);
                total_guesses += guesses;
                no_guess += guesses == 0;
            }
            passes++;
            took = thread_cpu_seconds() - start;
        } while (took < secs);
        double solved = double(passes) * puzzles.size();
        const char *name = std::strrchr(argv[f], '/');
        name = name ? name + 1 : argv[f];
        std::string label = std::string(name) + " (tdoku)";
        std::printf("|%-46s |%12.1f |%12.2f |%10.1f%% |%15.2f |\n", label.c_str(), solved / took,
                    took * 1e6 / solved, 100.0 * no_guess / solved, total_guesses / solved);
        if (sink == 0) std::printf("(no solutions counted)\n");
    }
    return 0;
}

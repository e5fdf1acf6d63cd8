"""The na2026 programme through the public API: exact answers from the five pytorch.org posts.

The expected values were checked by hand against the posts in
../shared/sources/ (see data/README.md, section na2026): totals, sessions per day and
room, every recorded conflict (real disagreements only: a time, a title, an
organisation), every wording variant (each post's own summary and theme
heading), title variants, speakers' sessions and what runs in a room at a
given time, including sessions whose end is unknown.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from datetime import datetime

import pytest

from pyconf_schedule import Conference, Session, SessionKind, load
from pyconf_schedule.formats import native

SOURCE_ORDER = "source order: seed-001, post-hardware-md, post-core, post-vllm, post-research, post-agentic"
RULES = {
    "title": f"title of the first source shown ({SOURCE_ORDER}); every wording in title_variants",
    "start": f"times of the first source that gives a start-end range shown ({SOURCE_ORDER}); "
    "a start-only source never sets the end",
    "track": f"one track per session: heading of the first source that files the session under "
    f"a theme shown ({SOURCE_ORDER}); the other posts' headings kept here",
    "abstract": f"summary of the first source shown ({SOURCE_ORDER}); every post's summary kept here",
    "organisation": "first organisation in source order kept",
}
PROFILER_RULE = (
    "post-core's time shown (editorial): seed-001's 14:20-14:45 overlaps the 14:15-14:40 "
    "session in LL21ABC, is off that afternoon's grid and out of order in its own list, "
    "while 12:20-12:45 fits the list order and a free LL21ABC slot"
)
PROFILER = "from-torch-profiler-to-hardware-cycles-a-practical"

SourcedValues = tuple[tuple[str, tuple[str, ...]], ...]

# Where the posts file a session under different headings (shown heading first): variants.
TRACK_VARIANTS: dict[str, SourcedValues] = {
    "beyond-size-and-stride-unleash-performance-with-device": (
        ("Hardware Backends & Accelerator Portability", ("seed-001", "post-hardware-md")),
        ("Compiler, Runtime, Tensor, and Observability Work", ("post-core",)),
        ("Compilers, Graph Capture & Dynamic Shapes", ("post-research",)),
    ),
    "beyond-the-brrr-building-a-unified-ecosystem-for": (
        ("Kernel Engineering & Compilers", ("seed-001", "post-hardware-md")),
        ("Kernel Engineering & Domain-Specific Languages", ("post-research",)),
    ),
    "building-portable-composable-local-agents-with-executorch": (
        ("Hardware Backends & Accelerator Portability", ("seed-001", "post-hardware-md")),
        ("Agents in the physical world", ("post-agentic",)),
    ),
    "clearing-the-path-towards-an-abi-stable-pytorch": (
        ("Kernel Engineering & Compilers", ("seed-001", "post-hardware-md")),
        ("Release Engineering, Compatibility, and Contributor Infrastructure", ("post-core",)),
        ("PyTorch Integration and Compatibility", ("post-vllm",)),
    ),
    "cloud-tpu-nexus-autonomous-multi-agent-swarms-for": (
        ("Hardware Backends & Accelerator Portability", ("seed-001", "post-hardware-md")),
        ("Kernel and Performance Agentic Search", ("post-agentic",)),
    ),
    "contributing-to-pytorch-with-ai-agents": (
        ("AI Agents, Open-Source Community & Release Engineering", ("post-research",)),
        ("Agents that build PyTorch", ("post-agentic",)),
    ),
    "efficient-moe-llm-inference-on-arm-with-vllm": (
        ("Hardware Backends & Accelerator Portability", ("seed-001", "post-hardware-md")),
        ("Hardware Portability and Accelerator Backends", ("post-vllm",)),
    ),
    "extending-torchinductor-with-flydsl-a-new-mlir-native": (
        ("Kernel Engineering & Compilers", ("seed-001", "post-hardware-md")),
        ("Kernel Engineering & Domain-Specific Languages", ("post-research",)),
    ),
    "faster-llm-serving-startup-with-fastsafetensors": (
        ("Hardware Backends & Accelerator Portability", ("seed-001", "post-hardware-md")),
        ("Kernel and Performance Optimization", ("post-vllm",)),
        ("Inference & Serving Optimization", ("post-research",)),
    ),
    "fighting-agents-with-agents-bringing-claude-to-pytorch": (
        ("Release Engineering, Compatibility, and Contributor Infrastructure", ("post-core",)),
        ("AI Agents, Open-Source Community & Release Engineering", ("post-research",)),
        ("Agents that build PyTorch", ("post-agentic",)),
    ),
    "flexgemm-flexible-pytorch-epilogues": (
        ("Kernel Engineering & Compilers", ("seed-001", "post-hardware-md")),
        ("Kernel Engineering & Domain-Specific Languages", ("post-research",)),
    ),
    "from-backed-to-unbacked-sound-predictable-and-controllable": (
        ("Kernel Engineering & Compilers", ("seed-001", "post-hardware-md")),
        ("Compiler, Runtime, Tensor, and Observability Work", ("post-core",)),
        ("PyTorch Integration and Compatibility", ("post-vllm",)),
        ("Compilers, Graph Capture & Dynamic Shapes", ("post-research",)),
    ),
    "from-prompt-to-physical-action-a-live-hardware": (
        ("Hardware Backends & Accelerator Portability", ("seed-001", "post-hardware-md")),
        ("vLLM in Broader Applications and Infrastructure", ("post-vllm",)),
    ),
    "from-pytorch-to-the-edge-agentic-synthesis-of": (
        ("Hardware Backends & Accelerator Portability", ("seed-001", "post-hardware-md")),
        ("Hardware Portability & Accelerator Backends", ("post-research",)),
        ("Agents in the physical world", ("post-agentic",)),
    ),
    "from-torch-profiler-to-hardware-cycles-a-practical": (
        ("Hardware Backends & Accelerator Portability", ("seed-001", "post-hardware-md")),
        ("Accelerator Integration and Hardware-Aware Tooling", ("post-core",)),
    ),
    "from-weeks-to-overnight-autonomous-day-0-kernel": (
        ("Kernel and Performance Optimization", ("post-vllm",)),
        ("Kernel Engineering & Domain-Specific Languages", ("post-research",)),
        ("Kernel and Performance Agentic Search", ("post-agentic",)),
    ),
    "future-of-distributed-communication-in-pytorch-new-apis": (
        ("Distributed Communication and Device Portability", ("post-core",)),
        ("Communication & Collective Libraries", ("post-research",)),
    ),
    "hardware-aware-ai-building-agentic-systems-from-cloud": (
        ("Hardware Backends & Accelerator Portability", ("seed-001", "post-hardware-md")),
        ("vLLM in Broader Applications and Infrastructure", ("post-vllm",)),
        ("Agents in the physical world", ("post-agentic",)),
    ),
    "helion-cutedsl-and-tpu-backends-for-heterogeneous-hardware": (
        ("Kernel Engineering & Compilers", ("seed-001", "post-hardware-md")),
        ("Kernel Engineering & Domain-Specific Languages", ("post-research",)),
        ("Kernel and Performance Agentic Search", ("post-agentic",)),
    ),
    "hifloat-democratizing-ultra-low-precision-training-and-inference": (
        ("Kernel and Performance Optimization", ("post-vllm",)),
        ("Quantization & Low-Precision Training", ("post-research",)),
    ),
    "high-velocity-gpu-kernel-authoring-with-cutlass-python": (
        ("Kernel Engineering & Compilers", ("seed-001", "post-hardware-md")),
        ("Kernel and Performance Optimization", ("post-vllm",)),
        ("Kernel Engineering & Domain-Specific Languages", ("post-research",)),
    ),
    "integrating-the-ibm-spyre-accelerator": (
        ("Hardware Backends & Accelerator Portability", ("seed-001", "post-hardware-md")),
        ("Accelerator Integration and Hardware-Aware Tooling", ("post-core",)),
        ("Hardware Portability and Accelerator Backends", ("post-vllm",)),
        ("Hardware Portability & Accelerator Backends", ("post-research",)),
    ),
    "introducing-nccl-extensions-communication-patterns-for-modern-ai": (
        ("Distributed Communication and Device Portability", ("post-core",)),
        ("Communication & Collective Libraries", ("post-research",)),
    ),
    "keeping-gpus-busy-high-speed-storage-for-pytorch": (
        ("vLLM in Broader Applications and Infrastructure", ("post-vllm",)),
        ("Data Loading, Storage & Media Pipelines", ("post-research",)),
    ),
    "kernelagent-hardware-guided-gpu-kernel-optimization-via-multi": (
        ("Kernel Engineering & Domain-Specific Languages", ("post-research",)),
        ("Kernel and Performance Agentic Search", ("post-agentic",)),
    ),
    "lightweight-fx-tracing-in-pytorch": (
        ("Kernel Engineering & Compilers", ("seed-001", "post-hardware-md")),
        ("Compiler, Runtime, Tensor, and Observability Work", ("post-core",)),
        ("Compilers, Graph Capture & Dynamic Shapes", ("post-research",)),
    ),
    "lmcache-a-cluster-wide-open-source-solution-for": (
        ("Serving Architecture, KV Cache, and Production Inference", ("post-vllm",)),
        ("Inference & Serving Optimization", ("post-research",)),
        ("Serving agents in production", ("post-agentic",)),
    ),
    "making-enterprise-agentic-inference-production-ready-with-pytorch": (
        ("PyTorch Integration and Compatibility", ("post-vllm",)),
        ("Serving agents in production", ("post-agentic",)),
    ),
    "making-vllm-faster-on-intel-gpus-with-triton": (
        ("Kernel Engineering & Compilers", ("seed-001", "post-hardware-md")),
        ("Kernel and Performance Optimization", ("post-vllm",)),
        ("Kernel Engineering & Domain-Specific Languages", ("post-research",)),
    ),
    "native-dsl-operators-in-pytorch-core": (
        ("Kernel Engineering & Compilers", ("seed-001", "post-hardware-md")),
        ("Compiler, Runtime, Tensor, and Observability Work", ("post-core",)),
        ("Kernel Engineering & Domain-Specific Languages", ("post-research",)),
    ),
    "native-tiered-kv-cache-offloading-in-vllm-from": (
        ("Serving Architecture, KV Cache, and Production Inference", ("post-vllm",)),
        ("Serving agents in production", ("post-agentic",)),
    ),
    "nested-graph-breaks-reducing-the-cost-of-graph": (
        ("Compiler, Runtime, Tensor, and Observability Work", ("post-core",)),
        ("Compilers, Graph Capture & Dynamic Shapes", ("post-research",)),
    ),
    "observability-tooling-for-cudagraph-workloads": (
        ("Compiler, Runtime, Tensor, and Observability Work", ("post-core",)),
        ("Profiling, Observability & Performance Diagnostics", ("post-research",)),
    ),
    "one-model-definition-many-accelerators-scaling-vllm-across": (
        ("Hardware Backends & Accelerator Portability", ("seed-001", "post-hardware-md")),
        ("Hardware Portability and Accelerator Backends", ("post-vllm",)),
    ),
    "open-source-reinforcement-learning-with-agent-harnesses": (
        ("Reinforcement Learning Systems", ("post-research",)),
        ("Training agents: RL becomes a requirement", ("post-agentic",)),
    ),
    "parametrized-dynamic-shape-cuda-graphs": (
        ("Kernel Engineering & Compilers", ("seed-001", "post-hardware-md")),
        ("Compiler, Runtime, Tensor, and Observability Work", ("post-core",)),
        ("Compilers, Graph Capture & Dynamic Shapes", ("post-research",)),
    ),
    "portable-paged-attention-from-triton-to-helion": (
        ("Kernel and Performance Optimization", ("post-vllm",)),
        ("Kernel Engineering & Domain-Specific Languages", ("post-research",)),
    ),
    "portable-pytorch-across-ai-accelerators-a-triton-operator": (
        ("Hardware Backends & Accelerator Portability", ("seed-001", "post-hardware-md")),
        ("Hardware Portability and Accelerator Backends", ("post-vllm",)),
        ("Hardware Portability & Accelerator Backends", ("post-research",)),
    ),
    "practical-gpu-programming-with-triton-for-pytorch-developers": (
        ("Kernel Engineering & Compilers", ("seed-001", "post-hardware-md")),
        ("Kernel Engineering & Domain-Specific Languages", ("post-research",)),
    ),
    "pytorch-ecosystem-running-natively-on-trainium": (
        ("Hardware Backends & Accelerator Portability", ("seed-001", "post-hardware-md")),
        ("Hardware Portability and Accelerator Backends", ("post-vllm",)),
    ),
    "pytorch-for-agentic-ai-scaling-heterogeneous-systems-from": (
        ("Hardware Backends & Accelerator Portability", ("seed-001", "post-hardware-md")),
        ("Serving agents in production", ("post-agentic",)),
    ),
    "pytorch-generalization-a-journey-toward-write-once-run": (
        ("Hardware Backends & Accelerator Portability", ("seed-001", "post-hardware-md")),
        ("Distributed Communication and Device Portability", ("post-core",)),
    ),
    "pytorch-native-llm-serving-on-tpu-sglang-and": (
        ("Kernel Engineering & Compilers", ("seed-001", "post-hardware-md")),
        ("Hardware Portability and Accelerator Backends", ("post-vllm",)),
    ),
    "quantization-showdown-pytorch-inference-optimization": (
        ("Hardware Backends & Accelerator Portability", ("seed-001", "post-hardware-md")),
        ("Kernel and Performance Optimization", ("post-vllm",)),
    ),
    "relay-and-reuse-the-dual-engine-behind-pytorch": (
        ("Hardware Backends & Accelerator Portability", ("seed-001", "post-hardware-md")),
        ("Release Engineering, Compatibility, and Contributor Infrastructure", ("post-core",)),
        ("AI Agents, Open-Source Community & Release Engineering", ("post-research",)),
    ),
    "rocshmem-symmetric-memory-in-pytorch-for-amd-gpus": (
        ("Distributed Communication and Device Portability", ("post-core",)),
        ("Communication & Collective Libraries", ("post-research",)),
    ),
    "scaling-pytorchs-compatibility-promise-a-tiered-cross-repository": (
        ("Release Engineering, Compatibility, and Contributor Infrastructure", ("post-core",)),
        ("AI Agents, Open-Source Community & Release Engineering", ("post-research",)),
    ),
    "shipping-pytorch-and-its-ecosystem-a-modern-release": (
        ("Release Engineering, Compatibility, and Contributor Infrastructure", ("post-core",)),
        ("PyTorch Integration and Compatibility", ("post-vllm",)),
        ("Agents that build PyTorch", ("post-agentic",)),
    ),
    "smarter-autotuning-for-kernels-from-bayesian-optimization-to": (
        ("Kernel Engineering & Domain-Specific Languages", ("post-research",)),
        ("Kernel and Performance Agentic Search", ("post-agentic",)),
    ),
    "speeding-up-torch-compile-a-new-faketensor": (
        ("Kernel Engineering & Compilers", ("seed-001", "post-hardware-md")),
        ("Compiler, Runtime, Tensor, and Observability Work", ("post-core",)),
        ("Compilers, Graph Capture & Dynamic Shapes", ("post-research",)),
    ),
    "static-tensor-shape-checking-for-pytorch-with-pyrefly": (
        ("Compiler, Runtime, Tensor, and Observability Work", ("post-core",)),
        ("Compilers, Graph Capture & Dynamic Shapes", ("post-research",)),
    ),
    "torchinsights-zero-gpu-memory-runtime-estimation-for-distributed": (
        ("Compiler, Runtime, Tensor, and Observability Work", ("post-core",)),
        ("Profiling, Observability & Performance Diagnostics", ("post-research",)),
        ("Kernel and Performance Agentic Search", ("post-agentic",)),
    ),
    "torchneuron-native-pytorch-on-aws-trainium-from-research": (
        ("Hardware Backends & Accelerator Portability", ("seed-001", "post-hardware-md")),
        ("Hardware Portability & Accelerator Backends", ("post-research",)),
    ),
    "torchtitan-rl-a-unified-and-extensible-training-framework": (
        ("Reinforcement Learning Systems", ("post-research",)),
        ("Training agents: RL becomes a requirement", ("post-agentic",)),
    ),
    "torchtpu-running-pytorch-natively-on-google-tpus": (
        ("Hardware Backends & Accelerator Portability", ("seed-001", "post-hardware-md")),
        ("Accelerator Integration and Hardware-Aware Tooling", ("post-core",)),
        ("Hardware Portability & Accelerator Backends", ("post-research",)),
    ),
    "unifying-open-source-llm-serving-on-google-cloud": (
        ("Hardware Backends & Accelerator Portability", ("seed-001", "post-hardware-md")),
        ("Hardware Portability and Accelerator Backends", ("post-vllm",)),
    ),
    "unlocking-pytorch-for-dataflow-accelerators-an-open-source": (
        ("Hardware Backends & Accelerator Portability", ("seed-001", "post-hardware-md")),
        ("Hardware Portability & Accelerator Backends", ("post-research",)),
    ),
    "when-rollout-and-training-disagree-lessons-from-building": (
        ("Reinforcement Learning Systems", ("post-research",)),
        ("Training agents: RL becomes a requirement", ("post-agentic",)),
    ),
    "xccl-scaling-pytorch-collectives-to-exascale-on-intel": (
        ("Hardware Backends & Accelerator Portability", ("seed-001", "post-hardware-md")),
        ("Distributed Communication and Device Portability", ("post-core",)),
        ("Communication & Collective Libraries", ("post-research",)),
    ),
}

# The sources of each different summary (the shown one first): variants.
ABSTRACT_VARIANTS: dict[str, tuple[tuple[str, ...], ...]] = {
    "beyond-size-and-stride-unleash-performance-with-device": (
        ("seed-001", "post-hardware-md"),
        ("post-core",),
        ("post-research",),
    ),
    "beyond-the-brrr-building-a-unified-ecosystem-for": (("seed-001", "post-hardware-md"), ("post-research",)),
    "building-portable-composable-local-agents-with-executorch": (("seed-001", "post-hardware-md"), ("post-agentic",)),
    "clearing-the-path-towards-an-abi-stable-pytorch": (
        ("seed-001", "post-hardware-md"),
        ("post-core",),
        ("post-vllm",),
    ),
    "cloud-tpu-nexus-autonomous-multi-agent-swarms-for": (("seed-001", "post-hardware-md"), ("post-agentic",)),
    "contributing-to-pytorch-with-ai-agents": (("post-research",), ("post-agentic",)),
    "efficient-moe-llm-inference-on-arm-with-vllm": (("seed-001", "post-hardware-md"), ("post-vllm",)),
    "extending-torchinductor-with-flydsl-a-new-mlir-native": (("seed-001", "post-hardware-md"), ("post-research",)),
    "faster-llm-serving-startup-with-fastsafetensors": (
        ("seed-001", "post-hardware-md"),
        ("post-vllm",),
        ("post-research",),
    ),
    "fighting-agents-with-agents-bringing-claude-to-pytorch": (("post-core",), ("post-research",), ("post-agentic",)),
    "flexgemm-flexible-pytorch-epilogues": (("seed-001", "post-hardware-md"), ("post-research",)),
    "from-backed-to-unbacked-sound-predictable-and-controllable": (
        ("seed-001", "post-hardware-md"),
        ("post-core",),
        ("post-vllm",),
        ("post-research",),
    ),
    "from-prompt-to-physical-action-a-live-hardware": (("seed-001", "post-hardware-md"), ("post-vllm",)),
    "from-pytorch-to-the-edge-agentic-synthesis-of": (
        ("seed-001", "post-hardware-md"),
        ("post-research",),
        ("post-agentic",),
    ),
    "from-torch-profiler-to-hardware-cycles-a-practical": (("seed-001", "post-hardware-md"), ("post-core",)),
    "from-weeks-to-overnight-autonomous-day-0-kernel": (("post-vllm",), ("post-research",), ("post-agentic",)),
    "future-of-distributed-communication-in-pytorch-new-apis": (("post-core",), ("post-research",)),
    "hardware-aware-ai-building-agentic-systems-from-cloud": (
        ("seed-001", "post-hardware-md"),
        ("post-vllm",),
        ("post-agentic",),
    ),
    "helion-cutedsl-and-tpu-backends-for-heterogeneous-hardware": (
        ("seed-001", "post-hardware-md"),
        ("post-research",),
        ("post-agentic",),
    ),
    "hifloat-democratizing-ultra-low-precision-training-and-inference": (("post-vllm",), ("post-research",)),
    "high-velocity-gpu-kernel-authoring-with-cutlass-python": (
        ("seed-001", "post-hardware-md"),
        ("post-vllm",),
        ("post-research",),
    ),
    "integrating-the-ibm-spyre-accelerator": (
        ("seed-001", "post-hardware-md"),
        ("post-core",),
        ("post-vllm",),
        ("post-research",),
    ),
    "introducing-nccl-extensions-communication-patterns-for-modern-ai": (("post-core",), ("post-research",)),
    "keeping-gpus-busy-high-speed-storage-for-pytorch": (("post-vllm",), ("post-research",)),
    "kernelagent-hardware-guided-gpu-kernel-optimization-via-multi": (("post-research",), ("post-agentic",)),
    "lightweight-fx-tracing-in-pytorch": (("seed-001", "post-hardware-md"), ("post-core",), ("post-research",)),
    "lmcache-a-cluster-wide-open-source-solution-for": (("post-vllm",), ("post-research",), ("post-agentic",)),
    "making-enterprise-agentic-inference-production-ready-with-pytorch": (("post-vllm",), ("post-agentic",)),
    "making-vllm-faster-on-intel-gpus-with-triton": (
        ("seed-001", "post-hardware-md"),
        ("post-vllm",),
        ("post-research",),
    ),
    "native-dsl-operators-in-pytorch-core": (("seed-001", "post-hardware-md"), ("post-core",), ("post-research",)),
    "native-tiered-kv-cache-offloading-in-vllm-from": (("post-vllm",), ("post-agentic",)),
    "nested-graph-breaks-reducing-the-cost-of-graph": (("post-core",), ("post-research",)),
    "observability-tooling-for-cudagraph-workloads": (("post-core",), ("post-research",)),
    "one-model-definition-many-accelerators-scaling-vllm-across": (("seed-001", "post-hardware-md"), ("post-vllm",)),
    "open-source-reinforcement-learning-with-agent-harnesses": (("post-research",), ("post-agentic",)),
    "parametrized-dynamic-shape-cuda-graphs": (("seed-001", "post-hardware-md"), ("post-core",), ("post-research",)),
    "portable-paged-attention-from-triton-to-helion": (("post-vllm",), ("post-research",)),
    "portable-pytorch-across-ai-accelerators-a-triton-operator": (
        ("seed-001", "post-hardware-md"),
        ("post-vllm",),
        ("post-research",),
    ),
    "practical-gpu-programming-with-triton-for-pytorch-developers": (
        ("seed-001", "post-hardware-md"),
        ("post-research",),
    ),
    "pytorch-ecosystem-running-natively-on-trainium": (("seed-001", "post-hardware-md"), ("post-vllm",)),
    "pytorch-for-agentic-ai-scaling-heterogeneous-systems-from": (("seed-001", "post-hardware-md"), ("post-agentic",)),
    "pytorch-generalization-a-journey-toward-write-once-run": (("seed-001", "post-hardware-md"), ("post-core",)),
    "pytorch-native-llm-serving-on-tpu-sglang-and": (("seed-001", "post-hardware-md"), ("post-vllm",)),
    "quantization-showdown-pytorch-inference-optimization": (("seed-001", "post-hardware-md"), ("post-vllm",)),
    "relay-and-reuse-the-dual-engine-behind-pytorch": (
        ("seed-001", "post-hardware-md"),
        ("post-core",),
        ("post-research",),
    ),
    "rocshmem-symmetric-memory-in-pytorch-for-amd-gpus": (("post-core",), ("post-research",)),
    "scaling-pytorchs-compatibility-promise-a-tiered-cross-repository": (("post-core",), ("post-research",)),
    "shipping-pytorch-and-its-ecosystem-a-modern-release": (("post-core",), ("post-vllm",), ("post-agentic",)),
    "smarter-autotuning-for-kernels-from-bayesian-optimization-to": (("post-research",), ("post-agentic",)),
    "speeding-up-torch-compile-a-new-faketensor": (
        ("seed-001", "post-hardware-md"),
        ("post-core",),
        ("post-research",),
    ),
    "static-tensor-shape-checking-for-pytorch-with-pyrefly": (("post-core",), ("post-research",)),
    "torchinsights-zero-gpu-memory-runtime-estimation-for-distributed": (
        ("post-core",),
        ("post-research",),
        ("post-agentic",),
    ),
    "torchneuron-native-pytorch-on-aws-trainium-from-research": (("seed-001", "post-hardware-md"), ("post-research",)),
    "torchtitan-rl-a-unified-and-extensible-training-framework": (("post-research",), ("post-agentic",)),
    "torchtpu-running-pytorch-natively-on-google-tpus": (
        ("seed-001", "post-hardware-md"),
        ("post-core",),
        ("post-research",),
    ),
    "unifying-open-source-llm-serving-on-google-cloud": (("seed-001", "post-hardware-md"), ("post-vllm",)),
    "unlocking-pytorch-for-dataflow-accelerators-an-open-source": (
        ("seed-001", "post-hardware-md"),
        ("post-research",),
    ),
    "when-rollout-and-training-disagree-lessons-from-building": (("post-research",), ("post-agentic",)),
    "workload-fungibility-in-the-age-of-agents": (("seed-001", "post-hardware-md"), ("post-vllm",), ("post-agentic",)),
    "xccl-scaling-pytorch-collectives-to-exascale-on-intel": (
        ("seed-001", "post-hardware-md"),
        ("post-core",),
        ("post-research",),
    ),
}

# The only session conflicts: one title and one time disagreement (the shown value first).
# The agentic post's four shortened titles are only title variants.
SESSION_CONFLICTS: list[tuple[str, str, SourcedValues]] = [
    (
        "cloud-tpu-nexus-autonomous-multi-agent-swarms-for",
        "title",
        (
            ("Cloud TPU Nexus: Autonomous Multi-Agent Swarms for PyTorch", ("seed-001", "post-hardware-md")),
            ("Cloud TPU Agent Suite: Autonomous Multi-Agent Swarms for PyTorch", ("post-agentic",)),
        ),
    ),
    (
        "from-torch-profiler-to-hardware-cycles-a-practical",
        "start",
        (
            ("2026-10-21T12:20:00-07:00[America/Los_Angeles]", ("post-core",)),
            ("2026-10-21T14:20:00-07:00[America/Los_Angeles]", ("seed-001", "post-hardware-md")),
        ),
    ),
    (
        "from-torch-profiler-to-hardware-cycles-a-practical",
        "end",
        (
            ("2026-10-21T12:45:00-07:00[America/Los_Angeles]", ("post-core",)),
            ("2026-10-21T14:45:00-07:00[America/Los_Angeles]", ("seed-001", "post-hardware-md")),
        ),
    ),
]

# Organisation disagreements (the kept value first): a different unit or company.
SPEAKER_CONFLICTS: list[tuple[str, SourcedValues]] = [
    (
        "antoni-viros-i-martin",
        (
            ("IBM Research", ("seed-001", "post-hardware-md", "post-core", "post-vllm")),
            ("IBM", ("post-research",)),
        ),
    ),
    (
        "avery-blanchard",
        (
            ("IBM Research", ("seed-001", "post-hardware-md", "post-core", "post-vllm")),
            ("IBM", ("post-research",)),
        ),
    ),
    (
        "matthew-arnold",
        (
            ("IBM", ("seed-001", "post-hardware-md", "post-research")),
            ("IBM Research", ("post-core",)),
        ),
    ),
    (
        "pinak-panigrahi",
        (
            ("Annapurna ML", ("seed-001", "post-hardware-md")),
            ("Amazon", ("post-core",)),
        ),
    ),
    (
        "prasanth-chatarasi",
        (
            ("IBM Research", ("seed-001", "post-hardware-md")),
            ("IBM", ("post-research",)),
        ),
    ),
    (
        "viji-srinivasan",
        (
            ("IBM Research", ("seed-001", "post-hardware-md")),
            ("IBM", ("post-research",)),
        ),
    ),
]

# Organisation wordings that differ only in a legal suffix or legal name: no
# conflict; the first wording in source order is kept.
ORGANISATION_WORDINGS: list[tuple[str, str, tuple[str, ...]]] = [
    ("kuntai-du", "Tensormesh, Inc.", ("Tensormesh",)),
    ("steven-troxler", "Meta Platforms", ("Meta",)),
    ("subin-george", "Red Hat LLC", ("Red Hat",)),
    ("tanima-dey", "Intel", ("Intel Corporation",)),
    ("yidi-wu", "Meta", ("Meta Inc.",)),
]

SPYRE = "integrating-the-ibm-spyre-accelerator"
# The Spyre session, in four posts: its exact track and abstract variants.
SPYRE_TRACKS: SourcedValues = (
    ("Hardware Backends & Accelerator Portability", ("seed-001", "post-hardware-md")),
    ("Accelerator Integration and Hardware-Aware Tooling", ("post-core",)),
    ("Hardware Portability and Accelerator Backends", ("post-vllm",)),
    ("Hardware Portability & Accelerator Backends", ("post-research",)),
)
SPYRE_ABSTRACTS: SourcedValues = (
    (
        "IBM covers Torch-Spyre, a PyTorch PrivateUse1 backend with an Inductor path for the IBM Spyre "
        "dataflow accelerator, including device-specific tensor layouts and scratchpad-optimized tiling.",
        ("seed-001", "post-hardware-md"),
    ),
    (
        "Torch-Spyre is an open source project that provides a PyTorch PrivateUse1 device with OpenReg, "
        "including an Inductor backend, for the IBM Spyre Accelerator.\n\nThe talk covers the state of "
        "Torch-Spyre, functional enablement and performance improvements made in 2026, and contributions "
        "made back to PyTorch. It also discusses device-specific tensor layouts and scratchpad-optimized "
        "tiling, with an emphasis on integration with upstream PyTorch.",
        ("post-core",),
    ),
    (
        "Torch-Spyre is an open source project that provides a PyTorch PrivateUse1 device with OpenReg, "
        "including an Inductor backend, for the IBM Spyre Accelerator.\n\nThe speakers report that the IBM "
        "Spyre Accelerator can now run thousands of models from Hugging Face and vLLM through its PyTorch "
        "integration. The session covers the state of Torch-Spyre, functional enablement and performance "
        "improvements made in 2026, contributions back to PyTorch, device-specific tensor layouts, and "
        "scratchpad-optimized tiling.",
        ("post-vllm",),
    ),
    (
        "Torch-Spyre, an open source PyTorch PrivateUse1 device with an Inductor backend for IBM’s 32-core "
        "Spyre accelerator, now runs thousands of Hugging Face and vLLM models. This talk covers "
        "device-specific tensor layouts, scratchpad tiling, and the upstream contributions that made it "
        "possible.",
        ("post-research",),
    ),
)


@pytest.fixture(scope="module")
def conf() -> Conference:
    """The embedded na2026 dataset."""
    return load("na2026")


def _ids(sessions: Iterable[Session]) -> list[str]:
    return [s.id for s in sessions]


def _hm(value: datetime | None) -> str | None:
    return None if value is None else value.strftime("%m-%d %H:%M")


def test_total_unique_sessions(conf: Conference) -> None:
    """The five posts list 113 different sessions, all scheduled."""
    assert len(conf.sessions) == 113
    assert len(conf.sessions.unscheduled) == 0


@pytest.mark.parametrize(("day", "count"), [("2026-10-20", 60), ("2026-10-21", 53)])
def test_sessions_per_day(conf: Conference, day: str, count: int) -> None:
    """Each conference day has its exact number of sessions."""
    assert len(conf.on(day)) == count


@pytest.mark.parametrize(
    ("room", "day", "count"),
    [
        ("210AE", "2026-10-20", 4),
        ("210AE", "2026-10-21", 6),
        ("210BF", "2026-10-20", 8),
        ("210BF", "2026-10-21", 9),
        ("Community Expo", "2026-10-20", 6),
        ("Community Expo", "2026-10-21", 5),
        ("Grand Ballroom", "2026-10-20", 2),
        ("Grand Ballroom", "2026-10-21", 3),
        ("LL20AB", "2026-10-20", 7),
        ("LL20AB", "2026-10-21", 7),
        ("LL20CD", "2026-10-20", 11),
        ("LL20CD", "2026-10-21", 5),
        ("LL21ABC", "2026-10-20", 9),
        ("LL21ABC", "2026-10-21", 9),
        ("LL21DEF", "2026-10-20", 13),
        ("LL21DEF", "2026-10-21", 9),
    ],
)
def test_sessions_per_room_and_day(conf: Conference, room: str, day: str, count: int) -> None:
    """Each room has its exact number of sessions on each day."""
    assert len(conf.by_room(room).on(day)) == count


def test_rooms(conf: Conference) -> None:
    """Eight rooms are named, every session has one."""
    assert [r.name for r in conf.rooms] == [
        "210AE",
        "210BF",
        "Community Expo",
        "Grand Ballroom",
        "LL20AB",
        "LL20CD",
        "LL21ABC",
        "LL21DEF",
    ]
    assert all(s.room is not None for s in conf.sessions)


@pytest.mark.parametrize(
    ("kind", "count"),
    [
        ("talk", 73),
        ("lightning-talk", 20),
        ("sponsored-talk", 12),
        ("keynote", 4),
        ("birds-of-a-feather", 3),
        ("sponsored-keynote", 1),
    ],
)
def test_sessions_per_kind(conf: Conference, kind: str, count: int) -> None:
    """Kinds follow the posts' format words and title prefixes."""
    assert len(conf.by_kind(kind)) == count


@pytest.mark.parametrize(
    ("session_id", "kind", "kind_label"),
    [
        ("beyond-size-and-stride-unleash-performance-with-device", SessionKind.LIGHTNING_TALK, "Lightning Talk"),
        ("clearing-the-path-towards-an-abi-stable-pytorch", SessionKind.TALK, "Breakout Session"),
        ("unifying-open-source-llm-serving-on-google-cloud", SessionKind.SPONSORED_TALK, "Demo Theater"),
        (
            "making-enterprise-agentic-inference-production-ready-with-pytorch",
            SessionKind.SPONSORED_TALK,
            "Sponsored Session",
        ),
        ("workload-fungibility-in-the-age-of-agents", SessionKind.KEYNOTE, "Keynote"),
        ("trainiums-journey-to-native-pytorch", SessionKind.SPONSORED_KEYNOTE, "Sponsored Keynote"),
        ("guardrails-at-the-infrastructure-layer", SessionKind.BIRDS_OF_A_FEATHER, "Birds of a Feather"),
        ("contributing-to-inference-oss-that-wont-stand-still", SessionKind.BIRDS_OF_A_FEATHER, "Birds of a Feather"),
        ("beyond-brute-force-the-era-of-adaptive-intelligence", SessionKind.KEYNOTE, None),
        ("monarch-single-machine-devx-at-distributed-scale", SessionKind.TALK, None),
    ],
)
def test_kind_and_label(conf: Conference, session_id: str, kind: SessionKind, kind_label: str | None) -> None:
    """A session's kind and the source's own format word."""
    session = conf.session(session_id)
    assert (session.kind, session.kind_label) == (kind, kind_label)


@pytest.mark.parametrize(
    ("sources", "count"),
    [
        (("post-research",), 20),
        (("post-agentic",), 14),
        (("seed-001", "post-hardware-md"), 11),
        (("seed-001", "post-hardware-md", "post-core", "post-research"), 8),
        (("post-vllm",), 8),
        (("seed-001", "post-hardware-md", "post-vllm"), 7),
        (("post-core", "post-research"), 7),
        (("post-research", "post-agentic"), 6),
        (("seed-001", "post-hardware-md", "post-research"), 6),
        (("seed-001", "post-hardware-md", "post-vllm", "post-research"), 4),
        (("seed-001", "post-hardware-md", "post-agentic"), 3),
        (("post-vllm", "post-research"), 3),
        (("seed-001", "post-hardware-md", "post-research", "post-agentic"), 2),
        (("seed-001", "post-hardware-md", "post-core"), 2),
        (("seed-001", "post-hardware-md", "post-vllm", "post-agentic"), 2),
        (("post-core", "post-research", "post-agentic"), 2),
        (("post-vllm", "post-agentic"), 2),
        (("post-vllm", "post-research", "post-agentic"), 2),
        (("seed-001", "post-hardware-md", "post-core", "post-vllm", "post-research"), 2),
        (("post-core", "post-vllm", "post-agentic"), 1),
        (("seed-001", "post-hardware-md", "post-core", "post-vllm"), 1),
    ],
)
def test_sessions_per_source_combination(conf: Conference, sources: tuple[str, ...], count: int) -> None:
    """Every session lists all the sources that mention it, in source order."""
    assert sum(1 for s in conf.sessions if s.sources == sources) == count


def test_every_session_lists_its_sources_in_order(conf: Conference) -> None:
    """Sources are known ids, listed once each, in the documented order."""
    order = [source.id for source in conf.sources]
    assert order == ["seed-001", "post-hardware-md", "post-core", "post-vllm", "post-research", "post-agentic"]
    for session in conf.sessions:
        assert list(session.sources) == sorted(set(session.sources), key=order.index)


def test_sources_have_addresses_and_files(conf: Conference) -> None:
    """Every source names its public address and its file under ../shared/sources/."""
    assert [
        (s.id, s.url is not None and s.url.startswith("https://pytorch.org/blog/"), s.file is not None)
        for s in conf.sources
    ] == [(s.id, True, True) for s in conf.sources]


def test_coverage_statement(conf: Conference) -> None:
    """The coverage names the posts and says their union is not necessarily the whole programme."""
    assert conf.coverage == (
        "The sessions listed in five pytorch.org blog posts about the conference, one theme "
        "each: hardware acceleration & compute infrastructure (also as markdown); core PyTorch; "
        "vLLM; open research, tooling & optimization; agentic AI & next-gen intelligence. Their "
        "union is not necessarily the whole programme. Sessions that only the agentic AI post "
        "lists have a start time but no end (end unknown)."
    )


@pytest.mark.parametrize(
    ("session_id", "field", "values"), SESSION_CONFLICTS, ids=[f"{s}-{f}" for s, f, _ in SESSION_CONFLICTS]
)
def test_title_and_time_conflicts(conf: Conference, session_id: str, field: str, values: SourcedValues) -> None:
    """Every title and time disagreement keeps all values with their sources, the shown value first."""
    session = conf.session(session_id)
    [conflict] = [c for c in session.conflicts if c.field == field]
    assert tuple((v.value, v.sources) for v in conflict.values) == values
    assert conflict.rule == (PROFILER_RULE if session_id == PROFILER else RULES[field])
    shown = {"title": session.title, "start": session.start, "end": session.end}[field]
    assert shown is not None
    assert values[0][0] == (shown if isinstance(shown, str) else f"{shown.isoformat()}[America/Los_Angeles]")


def test_only_listed_session_conflicts(conf: Conference) -> None:
    """Exactly three conflicts: the Cloud TPU title and the profiling playbook's start and end.

    Rooms, kinds, format words and speaker lists agree; summaries and theme
    headings are variants; shortened titles are title variants only.
    """
    found = sorted((s.id, c.field) for s in conf.sessions for c in s.conflicts)
    assert found == sorted((s, f) for s, f, _ in SESSION_CONFLICTS)


def test_shortened_titles_are_not_conflicts(conf: Conference) -> None:
    """The agentic post's four shortened titles are title variants, not title conflicts."""
    for session_id in (
        "hardware-aware-ai-building-agentic-systems-from-cloud",
        "torchinsights-zero-gpu-memory-runtime-estimation-for-distributed",
        "native-tiered-kv-cache-offloading-in-vllm-from",
        "when-rollout-and-training-disagree-lessons-from-building",
    ):
        session = conf.session(session_id)
        assert session.conflicts == ()
        assert len(session.title_variants) == 1 and "post-agentic" in session.sources


@pytest.mark.parametrize(("session_id", "values"), sorted(TRACK_VARIANTS.items()))
def test_track_variants(conf: Conference, session_id: str, values: SourcedValues) -> None:
    """Where posts file a session under different headings, all headings are kept; the first is the track."""
    session = conf.session(session_id)
    [variant] = [c for c in session.variants if c.field == "track"]
    assert tuple((v.value, v.sources) for v in variant.values) == values
    assert variant.rule == RULES["track"]
    assert session.track is not None and session.track.name == values[0][0]


@pytest.mark.parametrize(("session_id", "sources"), sorted(ABSTRACT_VARIANTS.items()))
def test_abstract_variants(conf: Conference, session_id: str, sources: tuple[tuple[str, ...], ...]) -> None:
    """Every post's own summary is kept with its sources; the first source's is the abstract."""
    session = conf.session(session_id)
    [variant] = [c for c in session.variants if c.field == "abstract"]
    assert tuple(v.sources for v in variant.values) == sources
    assert variant.values[0].value == session.abstract
    assert variant.rule == RULES["abstract"]


def test_no_other_variants(conf: Conference) -> None:
    """59 track and 60 abstract variants, nothing else."""
    found = Counter((s.id, c.field) for s in conf.sessions for c in s.variants)
    expected = Counter([(s, "track") for s in TRACK_VARIANTS] + [(s, "abstract") for s in ABSTRACT_VARIANTS])
    assert found == expected
    assert Counter(field for _, field in found) == {"track": 59, "abstract": 60}


def test_spyre_variants_exactly(conf: Conference) -> None:
    """The Spyre session, in four posts, keeps each post's heading and summary with its sources."""
    session = conf.session(SPYRE)
    assert [c.field for c in session.variants] == ["track", "abstract"]
    track, abstract = session.variants
    assert tuple((v.value, v.sources) for v in track.values) == SPYRE_TRACKS
    assert tuple((v.value, v.sources) for v in abstract.values) == SPYRE_ABSTRACTS
    assert (track.rule, abstract.rule) == (RULES["track"], RULES["abstract"])
    assert session.abstract == SPYRE_ABSTRACTS[0][0]
    assert session.conflicts == ()


@pytest.mark.parametrize(("speaker_id", "values"), SPEAKER_CONFLICTS, ids=[s for s, _ in SPEAKER_CONFLICTS])
def test_speaker_organisation_conflicts(conf: Conference, speaker_id: str, values: SourcedValues) -> None:
    """A speaker named with different organisations keeps the first and records every value."""
    [speaker] = [s for s in conf.speakers if s.id == speaker_id]
    [conflict] = speaker.conflicts
    assert (conflict.field, conflict.rule) == ("organisation", RULES["organisation"])
    assert tuple((v.value, v.sources) for v in conflict.values) == values
    assert speaker.organisation == values[0][0]


def test_only_listed_speakers_have_conflicts(conf: Conference) -> None:
    """No other speaker has a conflict."""
    assert sorted(s.id for s in conf.speakers if s.conflicts) == [s for s, _ in SPEAKER_CONFLICTS]


@pytest.mark.parametrize(
    ("speaker_id", "kept", "others"), ORGANISATION_WORDINGS, ids=[s for s, _, _ in ORGANISATION_WORDINGS]
)
def test_legal_suffix_wordings_are_not_conflicts(
    conf: Conference, speaker_id: str, kept: str, others: tuple[str, ...]
) -> None:
    """ "Meta Inc." / "Meta", "Red Hat LLC" / "Red Hat", ...: the first wording kept, no conflict."""
    [speaker] = [s for s in conf.speakers if s.id == speaker_id]
    assert (speaker.organisation, speaker.conflicts) == (kept, ())


def test_speaker_spellings_are_one_person(conf: Conference) -> None:
    """ "Antoni Viros Martin" is an alias of "Antoni Viros i Martin"; 177 different speakers in all."""
    assert [(s.name, s.aliases) for s in conf.speakers if s.aliases] == [
        ("Antoni Viros i Martin", ("Antoni Viros Martin",))
    ]
    assert _ids(conf.by_speaker("Antoni Viros Martin")) == ["integrating-the-ibm-spyre-accelerator"]
    assert len(conf.speakers) == 177


@pytest.mark.parametrize(
    ("session_id", "variants"),
    [
        (
            "cloud-tpu-nexus-autonomous-multi-agent-swarms-for",
            ("Cloud TPU Agent Suite: Autonomous Multi-Agent Swarms for PyTorch",),
        ),
        ("contributing-to-pytorch-with-ai-agents", ("Contributing to PyTorch with AI agents",)),
        (
            "fighting-agents-with-agents-bringing-claude-to-pytorch",
            (
                "Fighting Agents with Agents — Bringing Claude to PyTorch CI, Triage, and PR Review",
                "Fighting Agents with Agents: Bringing Claude to PyTorch CI, triage, and PR review",
            ),
        ),
        (
            "hardware-aware-ai-building-agentic-systems-from-cloud",
            ("Hardware-Aware AI: Building Agentic Systems from Cloud to Edge",),
        ),
        (
            "lmcache-a-cluster-wide-open-source-solution-for",
            ("LMCache: A Cluster-Wide Open-Source Solution for LLM Prompt Caching",),
        ),
        ("native-tiered-kv-cache-offloading-in-vllm-from", ("Native Tiered KV Cache Offloading in vLLM",)),
        (
            "torchinsights-zero-gpu-memory-runtime-estimation-for-distributed",
            ("TorchInsights: Zero-GPU Memory & Runtime Estimation",),
        ),
        (
            "torchneuron-native-pytorch-on-aws-trainium-from-research",
            ("TorchNeuron: Native PyTorch on AWS Trainium — From Research to Production Without Compromise",),
        ),
        (
            "unifying-open-source-llm-serving-on-google-cloud",
            ("Unifying Open Source LLM Serving on Google Cloud TPUs with TorchTPU",),
        ),
        ("when-rollout-and-training-disagree-lessons-from-building", ("When Rollout and Training Disagree",)),
    ],
)
def test_title_variants(conf: Conference, session_id: str, variants: tuple[str, ...]) -> None:
    """Every other wording of a title is kept, in source order."""
    assert conf.session(session_id).title_variants == variants


def test_only_listed_sessions_have_title_variants(conf: Conference) -> None:
    """Ten sessions have title variants."""
    assert len([s for s in conf.sessions if s.title_variants]) == 10


def test_search_finds_a_title_variant(conf: Conference) -> None:
    """Searching the agentic post's wording finds the sponsored Cloud TPU session."""
    assert _ids(conf.search("Cloud TPU Agent Suite")) == ["cloud-tpu-nexus-autonomous-multi-agent-swarms-for"]


@pytest.mark.parametrize(
    ("speaker", "expected"),
    [
        (
            "Driss Guessous",
            [
                ("fighting-agents-with-agents-bringing-claude-to-pytorch", "10-20 12:35", "10-20 12:45"),
                ("observability-tooling-for-cudagraph-workloads", "10-20 16:20", "10-20 16:30"),
                ("flexgemm-flexible-pytorch-epilogues", "10-21 12:35", "10-21 12:45"),
            ],
        ),
        (
            "Sanket Jayant Purandare",
            [
                ("ep-overlap-hiding-expert-parallel-communication-in-moe", "10-20 15:25", "10-20 15:35"),
                ("torchinsights-zero-gpu-memory-runtime-estimation-for-distributed", "10-20 17:45", "10-20 17:55"),
                (
                    "autoparallel-automatic-discovery-of-distributed-training-strategies-in",
                    "10-21 15:25",
                    "10-21 15:50",
                ),
            ],
        ),
        (
            "Maen Suleiman",
            [
                ("trainiums-journey-to-native-pytorch", "10-20 09:35", "10-20 09:40"),
                ("pytorch-ecosystem-running-natively-on-trainium", "10-20 10:55", "10-20 11:05"),
                ("model-training-with-torchtitan-and-huggingface-transformers-v5", "10-20 15:05", "10-20 15:15"),
            ],
        ),
        (
            "Kapil Sharma",
            [
                ("future-of-distributed-communication-in-pytorch-new-apis", "10-20 16:20", "10-20 16:45"),
                ("beyond-collectives-building-fused-compute-communication-kernels-with", "10-21 11:45", "10-21 12:10"),
            ],
        ),
        (
            "Panagiotis Kourdis",
            [
                ("xccl-scaling-pytorch-collectives-to-exascale-on-intel", "10-20 17:10", "10-20 17:20"),
                ("scaling-pytorch-on-intel-xpu-field-notes-from", "10-21 17:30", "10-21 17:55"),
            ],
        ),
        (
            "Richard Zou",
            [
                ("one-model-definition-many-accelerators-scaling-vllm-across", "10-20 16:20", "10-20 16:45"),
                ("lightweight-fx-tracing-in-pytorch", "10-21 17:10", "10-21 17:20"),
            ],
        ),
        ("Mao Cheng", [("miles-enterprise-facing-agentic-rl-framework", "10-21 11:45", None)]),
    ],
)
def test_speaker_sessions(conf: Conference, speaker: str, expected: list[tuple[str, str, str | None]]) -> None:
    """A speaker's sessions, with start and end (None: unknown), in time order."""
    assert [(s.id, _hm(s.start), _hm(s.end)) for s in conf.by_speaker(speaker)] == expected


@pytest.mark.parametrize(
    ("room", "when", "expected"),
    [
        # The shown time of the profiling playbook is post-core's 12:20-12:45 (conflict recorded).
        ("LL21ABC", "2026-10-21 12:30", ["from-torch-profiler-to-hardware-cycles-a-practical"]),
        ("LL21ABC", "2026-10-21 14:30", ["clearing-the-path-towards-an-abi-stable-pytorch"]),
        # Unknown end: the session runs only at its start instant.
        ("LL21DEF", "2026-10-21 11:45", ["miles-enterprise-facing-agentic-rl-framework"]),
        ("LL21DEF", "2026-10-21 11:50", []),
        ("Grand Ballroom", "2026-10-21 09:10", ["agentic-ai-foundation-keynote"]),
        ("Grand Ballroom", "2026-10-21 09:20", ["workload-fungibility-in-the-age-of-agents"]),
        ("210AE", "2026-10-20 16:20", ["agentic-rl-training-in-pytorch"]),
        ("210AE", "2026-10-20 16:30", []),
        # The agentic post gives only a start, the vLLM post the range 14:50-15:15.
        ("LL20CD", "2026-10-20 14:55", ["native-tiered-kv-cache-offloading-in-vllm-from"]),
        # A Birds of a Feather in the expo while two demo-theater sessions run there.
        (
            "Community Expo",
            "2026-10-20 10:45",
            ["contributing-to-pytorch-with-ai-agents", "unifying-open-source-llm-serving-on-google-cloud"],
        ),
        ("210BF", "2026-10-20 11:20", ["extending-torchinductor-with-flydsl-a-new-mlir-native"]),
    ],
)
def test_what_runs_in_a_room(conf: Conference, room: str, when: str, expected: list[str]) -> None:
    """What runs in a room at a wall time in San Jose."""
    assert _ids(conf.by_room(room).at(when)) == expected


@pytest.mark.parametrize(
    ("start", "end", "expected"),
    [
        ("2026-10-21 11:40", "2026-10-21 11:50", ["miles-enterprise-facing-agentic-rl-framework"]),
        ("2026-10-21 11:50", "2026-10-21 12:20", []),
        ("2026-10-21 12:00", "2026-10-21 12:30", ["train-the-agent-not-just-the-model"]),
    ],
)
def test_between_with_unknown_end(conf: Conference, start: str, end: str, expected: list[str]) -> None:
    """A session with an unknown end overlaps an interval only when its start lies in it."""
    assert _ids(conf.by_room("LL21DEF").between(start, end)) == expected


def test_unknown_ends(conf: Conference) -> None:
    """The 14 sessions only the agentic post lists have a start and no end."""
    assert sorted((s.id, _hm(s.start)) for s in conf.sessions if s.end is None) == [
        ("agentic-ai-foundation-keynote", "10-21 09:10"),
        ("agentic-rl-training-in-pytorch", "10-20 16:20"),
        ("beyond-brute-force-the-era-of-adaptive-intelligence", "10-20 09:40"),
        ("closing-the-confidence-gap-making-ai-output-trustworthy", "10-20 12:20"),
        ("compute-latency-and-safety-architecting-stateful-guardrails-for", "10-20 11:45"),
        ("deploying-robot-policies-across-many-targets-with-executorch", "10-21 15:25"),
        ("from-pixels-to-physical-motion-building-world-action", "10-21 14:15"),
        ("guardrails-at-the-infrastructure-layer", "10-20 15:50"),
        ("miles-enterprise-facing-agentic-rl-framework", "10-21 11:45"),
        ("multimodal-dataloaders-for-physical-ai", "10-21 17:30"),
        ("primus-tuning-hybrid-projection-and-agentic-search-for", "10-21 16:20"),
        ("scaling-audio-ai-infrastructure-building-voice-native-ai", "10-21 12:20"),
        ("train-the-agent-not-just-the-model", "10-21 12:20"),
        ("who-owns-production-when-the-agent-does-the", "10-20 11:10"),
    ]
    assert all(s.sources == ("post-agentic",) for s in conf.sessions if s.end is None)


def test_sorting_puts_unknown_ends_after_known_ones(conf: Conference) -> None:
    """Sessions starting together sort by end, an unknown end last, then by title."""
    instant = datetime.fromisoformat("2026-10-21T12:20:00-07:00")
    assert [s.id for s in conf.sessions if s.start == instant] == [
        "making-vllm-faster-on-intel-gpus-with-triton",
        "from-torch-profiler-to-hardware-cycles-a-practical",
        "scaling-audio-ai-infrastructure-building-voice-native-ai",
        "train-the-agent-not-just-the-model",
    ]


def test_native_json_round_trip_keeps_unknown_ends_conflicts_and_variants(conf: Conference) -> None:
    """Writing and reading the native JSON gives the same conference, unknown ends still None."""
    again = native.loads(native.dumps(conf))
    assert again == conf
    session: Session = again.session("miles-enterprise-facing-agentic-rl-framework")
    assert session.end is None
    assert again.session(PROFILER).conflicts == conf.session(PROFILER).conflicts
    assert again.session(SPYRE).variants == conf.session(SPYRE).variants != ()

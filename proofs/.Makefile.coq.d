Sums.vo Sums.glob Sums.v.beautified Sums.required_vo: Sums.v 
Sums.vio: Sums.v 
Sums.vos Sums.vok Sums.required_vos: Sums.v 
Bits.vo Bits.glob Bits.v.beautified Bits.required_vo: Bits.v 
Bits.vio: Bits.v 
Bits.vos Bits.vok Bits.required_vos: Bits.v 
Skeleton.vo Skeleton.glob Skeleton.v.beautified Skeleton.required_vo: Skeleton.v Sums.vo Bits.vo
Skeleton.vio: Skeleton.v Sums.vio Bits.vio
Skeleton.vos Skeleton.vok Skeleton.required_vos: Skeleton.v Sums.vos Bits.vos
